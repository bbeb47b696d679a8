import { randomUUID } from 'node:crypto';
import type { Approver, ToolDecorator } from '@toolgate/core';
import type { AuditedEvent } from '../audit/create-audit-log.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import type { SessionHookRunner } from '../hooks/create-session-hook-runner.js';
import { allHooks, HOOK_NEEDS_SANDBOX_REASON, type HookCommand } from '../hooks/hook-settings.js';
import type { SessionResources } from './session-resources.js';

/** The hooks and the audit log of a session, as the front door composes them. */
export interface SessionOversight {
  /** Decorators for the `before` slot (the preToolUse hooks). */
  readonly before: readonly ToolDecorator[];
  /** Decorators for the `after` slot (the subagent hooks). */
  readonly after: readonly ToolDecorator[];
  /** The session's event hooks, when any are configured. */
  readonly hooks: SessionHookRunner | undefined;
  /** The host's approver behind the permissionRequest and notification hooks. */
  wrapApprover(approver: Approver | undefined): Approver | undefined;
  /** Opens a turn's trace span (its `turn-end` event closes it). */
  startTurn(): void;
  /** Hears every event of the session (tool events, an agent's events). */
  readonly onEvent: (event: AuditedEvent) => void;
}

/**
 * The sandbox for the hooks that ask for one: the session's (its mode, the config's read roots
 * and protected paths, toolgate's directories hidden) with the network off, the verified copies
 * hooks run from shown read-only. Opened only when a hook asks; a `required` hook that finds none
 * is named in a notice now and refused at each call.
 */
async function openHookSandbox(settings: SessionSettings, notice: (line: string) => void) {
  const hooks: HookCommand[] = allHooks(settings.hooks);
  if (!hooks.some((hook) => hook.sandbox !== undefined)) return undefined;
  const [{ openSessionSandbox }, { createConfiguredWorkspace }, { isCopiesDirectory }] = await Promise.all([
    import('../sandbox/open-session-sandbox.js'),
    import('./create-session-tools.js'),
    import('../config/write-verified-copies.js'),
  ]);
  const workspace = createConfiguredWorkspace(settings.root, settings.config, {
    readPolicy: settings.readPolicy,
    unreachablePaths: settings.unreachablePaths,
  });
  const protectedPaths = settings.config.workspace?.protectedPaths ?? [];
  let why: string | undefined;
  const sandbox = await openSessionSandbox(
    { ...settings.sandbox, network: false },
    {
      workspace,
      readRoots: [...workspace.readRoots, ...protectedPaths.filter(isCopiesDirectory)],
      protectedPaths,
      readPolicy: settings.readPolicy,
      notice: (line) => {
        why = line.replace(/^toolgate: bash runs unsandboxed \(danger-full-access\): /, '');
      },
    },
  );
  if (sandbox) return sandbox;
  for (const hook of hooks.filter((candidate) => candidate.sandbox === 'required')) {
    notice(
      `toolgate: the hook ${JSON.stringify(hook.command)}${hook.source ? ` of ${hook.source}` : ''} is refused: ${HOOK_NEEDS_SANDBOX_REASON} (${why ?? 'the sandbox mode is danger-full-access'}); the calls it matches are blocked.`,
    );
  }
  return undefined;
}

/**
 * Opens the settings' hooks, audit logs and traces and registers their close; without any, nothing
 * loads and it resolves to `undefined` (a session without them pays nothing for them).
 */
export async function openSessionOversight(
  settings: SessionSettings,
  resources: SessionResources,
  options: {
    readonly answeredBy: string;
    readonly notice: (line: string) => void;
    readonly sessionId?: string;
    readonly mode?: () => string;
  },
): Promise<SessionOversight | undefined> {
  const { hooks } = settings;
  const hasHooks = allHooks(hooks).length > 0;
  // The managed settings' audit logs are written whatever the person configured.
  const audit = [...(settings.audit === undefined ? [] : [settings.audit]), ...settings.managed.audit];
  if (!hasHooks && audit.length === 0 && settings.telemetry === undefined) return undefined;
  const sessionId = options.sessionId ?? randomUUID();
  // OpenTelemetry loads only when traces are configured.
  const telemetry = settings.telemetry
    ? await (await import('../telemetry/open-session-telemetry.js')).openSessionTelemetry(
        settings.telemetry,
        {
          sessionId,
          answeredBy: options.answeredBy,
        },
      )
    : undefined;
  if (telemetry) resources.defer(() => telemetry.close());
  const { openCallOversight } = await import('./open-call-oversight.js');
  const sandbox = await openHookSandbox(settings, options.notice);
  const oversight = await openCallOversight({
    ...(sandbox ? { sandbox } : {}),
    hooks,
    audit,
    cwd: settings.root,
    answeredBy: options.answeredBy,
    notice: options.notice,
    sessionId,
    ...(options.mode ? { mode: options.mode } : {}),
  });
  resources.defer(() => oversight.close());
  return {
    before: oversight.before,
    // The call's trace context reaches what the tool starts (bash, MCP requests).
    after: [...(telemetry ? [telemetry.after] : []), ...oversight.after],
    hooks: oversight.hooks,
    wrapApprover: oversight.wrapApprover,
    onEvent: (event) => {
      telemetry?.onEvent(event);
      oversight.onEvent(event);
    },
    startTurn: () => telemetry?.startTurn(),
  };
}
