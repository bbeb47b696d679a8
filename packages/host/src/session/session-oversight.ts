import type { ToolDecorator } from '@toolgate/core';
import type { AuditedEvent } from '../audit/create-audit-log.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import type { SessionResources } from './session-resources.js';

/** The hooks and the audit log of a session, as the front door composes them. */
export interface SessionOversight {
  /** Decorators for the `before` slot (the preToolUse hooks). */
  readonly before: readonly ToolDecorator[];
  /** Hears every event of the session (tool events, an agent's events). */
  readonly onEvent: (event: AuditedEvent) => void;
}

/**
 * Opens the settings' hooks and audit log and registers the log's close; without either, nothing
 * loads and it resolves to `undefined` (a session without hooks or an audit log pays nothing for them).
 */
export async function openSessionOversight(
  settings: SessionSettings,
  resources: SessionResources,
  options: {
    readonly answeredBy: string;
    readonly notice: (line: string) => void;
    readonly sessionId?: string;
  },
): Promise<SessionOversight | undefined> {
  const { hooks } = settings;
  const hasHooks = (hooks.preToolUse?.length ?? 0) + (hooks.postToolUse?.length ?? 0) > 0;
  if (!hasHooks && settings.audit === undefined) return undefined;
  const { openCallOversight } = await import('./open-call-oversight.js');
  const oversight = await openCallOversight({
    hooks,
    audit: settings.audit,
    cwd: settings.root,
    answeredBy: options.answeredBy,
    notice: options.notice,
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
  });
  resources.defer(() => oversight.close());
  return { before: oversight.before, onEvent: (event) => oversight.onEvent(event) };
}
