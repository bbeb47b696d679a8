import { matchToolPattern } from '@toolgate/core';
import type { LocalSandboxSession } from '@toolgate/tools-shell';
import { type HookEvent, hookEventName } from './hook-events.js';
import {
  DEFAULT_HOOK_TIMEOUT_MS,
  HOOK_NEEDS_SANDBOX_REASON,
  type HookCommand,
  type HookSettings,
} from './hook-settings.js';
import { verdictOf } from './hook-verdict.js';
import type { HookOutputVerdict } from './read-hook-output.js';
import { runHookCommand } from './run-hook-command.js';

/** What one hook of an event said. */
export interface HookOutcome {
  readonly hook: HookCommand;
  readonly verdict: HookOutputVerdict;
  /** Why the hook failed (it could not run, was killed, or exited with a status other than 0 and 2); absent when it answered. */
  readonly failed?: string;
}

/** Options of {@link createSessionHookRunner}. */
export interface SessionHookRunnerOptions {
  readonly hooks: HookSettings;
  /** `session_id` in every input. */
  readonly sessionId: string;
  /** The workspace root: the hooks' working directory and their `cwd` field. */
  readonly cwd: string;
  /** The session's approval mode (`permission_mode`). @default not given */
  readonly mode?: () => string;
  /** Where hooks that ask for a sandbox run (see `withHooks`). @default none */
  readonly sandbox?: Pick<LocalSandboxSession, 'wrapShell'>;
  /** Hears a hook that failed where its failure blocks nothing. */
  readonly onNotice: (line: string) => void;
}

/**
 * Runs the hooks of one session event (the events besides the tool events `withHooks` runs):
 * Claude Code's stdin JSON (`session_id`, `hook_event_name`, `cwd`, `permission_mode` and the
 * event's own fields), each hook in its own process group with its time limit, a workspace's in
 * the sandbox. The caller decides what each verdict means for its event; a failed hook is a
 * `block` verdict (fail closed where the event can block).
 */
export interface SessionHookRunner {
  /** Whether any hook is configured for `event`. */
  has(event: HookEvent): boolean;
  /**
   * Runs the hooks of `event` whose matcher matches `subject` (a tool or agent name, the source of
   * a session start, the trigger of a compaction; every hook when absent), in order, and returns
   * what each said. `preCompact` is run this way by whatever compacts a session, with
   * `{ trigger: 'manual' | 'auto', custom_instructions }`.
   */
  run(
    event: HookEvent,
    fields: Readonly<Record<string, unknown>>,
    options?: { readonly subject?: string; readonly signal?: AbortSignal },
  ): Promise<HookOutcome[]>;
  /** Like `run` for an event whose outcome changes nothing: a failed hook is a notice. */
  notify(event: HookEvent, fields: Readonly<Record<string, unknown>>, subject?: string): Promise<void>;
}

function matchesSubject(hook: HookCommand, subject: string | undefined): boolean {
  const matcher = hook.matcher?.trim() ?? '';
  if (subject === undefined || matcher === '' || matcher === '*') return true;
  return matcher.split('|').some((pattern) => matchToolPattern(pattern.trim(), subject));
}

/** The runner of a session's event hooks (see {@link SessionHookRunner}). */
export function createSessionHookRunner(options: SessionHookRunnerOptions): SessionHookRunner {
  const run: SessionHookRunner['run'] = async (event, fields, runOptions = {}) => {
    const outcomes: HookOutcome[] = [];
    const name = hookEventName(event);
    for (const hook of (options.hooks[event] ?? []).filter((candidate) =>
      matchesSubject(candidate, runOptions.subject),
    )) {
      const sandbox = hook.sandbox === undefined ? undefined : options.sandbox;
      const ran =
        hook.sandbox === 'required' && sandbox === undefined
          ? ({ type: 'failed', reason: HOOK_NEEDS_SANDBOX_REASON } as const)
          : await runHookCommand({
              command: hook.command,
              input: JSON.stringify({
                ...fields,
                session_id: options.sessionId,
                hook_event_name: name,
                cwd: options.cwd,
                ...(options.mode ? { permission_mode: options.mode() } : {}),
              }),
              cwd: options.cwd,
              timeoutMs: hook.timeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS,
              signal: runOptions.signal ?? new AbortController().signal,
              ...(sandbox === undefined ? {} : { sandbox }),
            });
      const failed =
        ran.type === 'failed'
          ? ran.reason
          : ran.exitCode !== 0 && ran.exitCode !== 2
            ? `exit status ${ran.exitCode}`
            : undefined;
      outcomes.push({ hook, verdict: verdictOf(ran, name), ...(failed === undefined ? {} : { failed }) });
    }
    return outcomes;
  };
  return {
    has: (event) => (options.hooks[event]?.length ?? 0) > 0,
    run,
    notify: async (event, fields, subject) => {
      for (const { hook, verdict } of await run(event, fields, subject === undefined ? {} : { subject }))
        if (verdict.type === 'block')
          options.onNotice(
            `toolgate: the ${event} hook ${JSON.stringify(hook.command)} failed: ${verdict.reason}`,
          );
    },
  };
}
