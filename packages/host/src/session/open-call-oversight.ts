import { randomUUID } from 'node:crypto';
import type { ToolDecorator } from '@toolgate/core';
import type { LocalSandboxSession } from '@toolgate/tools-shell';
import { type AuditedEvent, createAuditLog } from '../audit/create-audit-log.js';
import { allHooks, type HookSettings } from '../hooks/hook-settings.js';
import { withHooks } from '../hooks/with-hooks.js';

/** Options for {@link openCallOversight}. */
export interface CallOversightOptions {
  /** The hooks that may run (the user's, a trusted workspace's). */
  readonly hooks: HookSettings;
  /** The audit log files, absolute (the person's, the managed settings'); none when empty. */
  readonly audit: readonly string[];
  /** Names the session in hook input and audit records. @default a random UUID, made only when hooks or an audit log need one */
  readonly sessionId?: string;
  /** The workspace root. */
  readonly cwd: string;
  /** Who answers questions in this host, for the audit log (`terminal`, `acp-client`). */
  readonly answeredBy: string;
  /** Receives a line when a postToolUse hook fails or the audit log cannot be written. */
  readonly notice: (line: string) => void;
  /** Where the hooks that ask for a sandbox run (see `withHooks`). @default none */
  readonly sandbox?: Pick<LocalSandboxSession, 'wrapShell'>;
}

/** The hooks decorator and the audit log of one session, as both hosts compose them. */
export interface CallOversight {
  /** Decorators for the `before` slot (after preflight, before approval). */
  readonly before: readonly ToolDecorator[];
  /** Feed every event of the session here (tool events, the agent's events). */
  onEvent(event: AuditedEvent): void;
  /** Writes what is pending to the audit log and closes it. */
  close(): Promise<void>;
}

/** Opens the audit log (when one is named) and builds the hooks decorator (when hooks are configured). */
export async function openCallOversight(options: CallOversightOptions): Promise<CallOversight> {
  const hasHooks = allHooks(options.hooks).length > 0;
  const sessionId = options.sessionId ?? (hasHooks || options.audit.length > 0 ? randomUUID() : '');
  const audits = await Promise.all(
    [...new Set(options.audit)].map((file) =>
      createAuditLog({ file, session: sessionId, answeredBy: options.answeredBy, onError: options.notice }),
    ),
  );
  return {
    before: hasHooks
      ? [
          withHooks({
            hooks: options.hooks,
            sessionId,
            cwd: options.cwd,
            onNotice: options.notice,
            ...(options.sandbox ? { sandbox: options.sandbox } : {}),
          }),
        ]
      : [],
    onEvent: (event) => {
      for (const audit of audits) audit.onEvent(event);
    },
    close: async () => {
      await Promise.all(audits.map((audit) => audit.close()));
    },
  };
}
