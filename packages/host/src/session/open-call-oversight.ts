import { randomUUID } from 'node:crypto';
import type { Approver, ToolDecorator } from '@toolgate/core';
import type { LocalSandboxSession } from '@toolgate/tools-shell';
import { type AuditedEvent, createAuditLog } from '../audit/create-audit-log.js';
import { createSessionHookRunner, type SessionHookRunner } from '../hooks/create-session-hook-runner.js';
import { allHooks, type HookSettings } from '../hooks/hook-settings.js';
import { withHooks } from '../hooks/with-hooks.js';
import { withPermissionHooks } from '../hooks/with-permission-hooks.js';
import { withSubagentHooks } from '../hooks/with-subagent-hooks.js';

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
  /** The session's approval mode, read at every hook (`permission_mode`). @default not given */
  readonly mode?: () => string;
}

/** The hooks decorator and the audit log of one session, as both hosts compose them. */
export interface CallOversight {
  /** Decorators for the `before` slot (after preflight, before approval). */
  readonly before: readonly ToolDecorator[];
  /** Decorators for the `after` slot (the subagent hooks). */
  readonly after: readonly ToolDecorator[];
  /** The session's event hooks, when any are configured. */
  readonly hooks: SessionHookRunner | undefined;
  /** The host's approver behind the permissionRequest and notification hooks. */
  wrapApprover(approver: Approver | undefined): Approver | undefined;
  /** Feed every event of the session here (tool events, the agent's events). */
  onEvent(event: AuditedEvent): void;
  /** Waits for the notification hooks still running, writes what is pending to the audit log and closes it. */
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
  const runner = hasHooks
    ? createSessionHookRunner({
        hooks: options.hooks,
        sessionId,
        cwd: options.cwd,
        onNotice: options.notice,
        ...(options.mode ? { mode: options.mode } : {}),
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
      })
    : undefined;
  // A permissionRequest hook's rewrite, by call id, from the approver to the hooks decorator.
  const rewrites = new Map<string, Readonly<Record<string, unknown>>>();
  const running = new Set<Promise<void>>();
  const track = (promise: Promise<void>) => {
    running.add(promise);
    void promise.finally(() => running.delete(promise));
  };
  return {
    before: hasHooks
      ? [
          withHooks({
            hooks: options.hooks,
            sessionId,
            cwd: options.cwd,
            onNotice: options.notice,
            rewrites,
            ...(options.mode ? { mode: options.mode } : {}),
            ...(options.sandbox ? { sandbox: options.sandbox } : {}),
          }),
        ]
      : [],
    after:
      runner && (runner.has('subagentStart') || runner.has('subagentStop'))
        ? [withSubagentHooks(runner)]
        : [],
    hooks: runner,
    wrapApprover: (approver) =>
      runner
        ? withPermissionHooks(approver, { runner, rewrites, onNotice: options.notice, track })
        : approver,
    onEvent: (event) => {
      for (const audit of audits) audit.onEvent(event);
    },
    close: async () => {
      await Promise.all(running);
      await Promise.all(audits.map((audit) => audit.close()));
    },
  };
}
