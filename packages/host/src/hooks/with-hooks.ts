import {
  matchToolPattern,
  restartInvocation,
  type ToolDecorator,
  type ToolResult,
  toolRejection,
} from '@toolgate/core';
import { TOOL_ALIASES } from '@toolgate/rules';
import type { LocalSandboxSession } from '@toolgate/tools-shell';
import {
  DEFAULT_HOOK_TIMEOUT_MS,
  HOOK_NEEDS_SANDBOX_REASON,
  type HookCommand,
  type HookSettings,
} from './hook-settings.js';
import { verdictOf } from './hook-verdict.js';
import { type HookRun, runHookCommand } from './run-hook-command.js';

/** Options for {@link withHooks}. */
export interface HooksOptions {
  readonly hooks: HookSettings;
  /** The session id given to hooks as `session_id`. */
  readonly sessionId: string;
  /** The workspace root: the hooks' working directory and their `cwd` field. */
  readonly cwd: string;
  /** Hears a postToolUse hook that failed (its outcome changes nothing). @default ignored */
  readonly onNotice?: (line: string) => void;
  /**
   * The sandbox hooks that ask for one (`HookCommand.sandbox`) run in; without it a `required`
   * hook is refused: a call it matches is blocked, and as a postToolUse hook it does not run.
   * @default none
   */
  readonly sandbox?: Pick<LocalSandboxSession, 'wrapShell'>;
  /**
   * Rewrites a permissionRequest hook asked for, by call id (see `withPermissionHooks`): the call
   * it was asked about was refused, and runs again as a new call with these arguments. @default none
   */
  readonly rewrites?: Map<string, Readonly<Record<string, unknown>>>;
  /** The session's approval mode as hooks read it (`permission_mode`). @default not given */
  readonly mode?: () => string;
}

function matches(hook: HookCommand, toolName: string): boolean {
  const matcher = hook.matcher?.trim() ?? '';
  if (matcher === '' || matcher === '*') return true;
  // Claude Code's names (`Bash`, `Edit`, `Write`, `Read`…) stand for their toolgate tools, as in rules.
  return matcher
    .split('|')
    .some(
      (pattern) =>
        (Object.hasOwn(TOOL_ALIASES, pattern.trim()) ? TOOL_ALIASES[pattern.trim()] : undefined)?.includes(
          toolName,
        ) ?? matchToolPattern(pattern, toolName),
    );
}

function describeHook(hook: HookCommand): string {
  return `the preToolUse hook ${JSON.stringify(hook.command)}${hook.source ? ` (from ${hook.source})` : ''}`;
}

/** Why a second rewrite of one call is refused. */
const SECOND_REWRITE =
  'the call was already rewritten by a hook once (updatedInput), and a second rewrite of the same call is refused';

/**
 * preToolUse, postToolUse and postToolUseFailure hooks (docs/configuration.md, "Rules, secrets,
 * hooks and audit") as one decorator that sits between preflight and approval. For each matching
 * preToolUse hook in turn, the call goes as JSON on stdin (`session_id`, `hook_event_name`,
 * `tool_name`, `tool_input`, `tool_use_id`, `cwd`, `permission_mode`): exit 0 continues (stdout
 * `{"decision":"block","reason"}` or `permissionDecision: "deny"` blocks, `{"decision":"approve"}`
 * or `permissionDecision: "allow"` skips the question), exit 2 blocks with stderr as the reason,
 * and any other exit, a crash, a timeout or output that can be read two ways (see
 * {@link readHookOutput}) blocks (fail closed). A block is `rejected{by:'hook'}`.
 *
 * A hook's `updatedInput` (in `hookSpecificOutput`, or a permissionRequest hook's allow) makes the
 * call a new one: its arguments are validated and prepared again and every preToolUse hook, the
 * rules and approval judge it as they would any call; a hook that rewrites it again is refused
 * (blocked). postToolUse hooks run after the tool succeeded, postToolUseFailure hooks after it
 * failed (with `error`); neither runs after a rejection, and what they print is not read.
 */
export function withHooks(options: HooksOptions): ToolDecorator {
  const pre = options.hooks.preToolUse ?? [];
  const post = options.hooks.postToolUse ?? [];
  const failed = options.hooks.postToolUseFailure ?? [];
  return async (invocation, next) => {
    const toolName = invocation.call.name;
    const base = () => ({
      session_id: options.sessionId,
      tool_name: toolName,
      tool_input: invocation.input?.value ?? invocation.call.arguments,
      tool_use_id: invocation.call.id,
      cwd: options.cwd,
      ...(options.mode ? { permission_mode: options.mode() } : {}),
    });
    const run = (hook: HookCommand, fields: Record<string, unknown>): Promise<HookRun> => {
      const sandbox = hook.sandbox === undefined ? undefined : options.sandbox;
      if (hook.sandbox === 'required' && sandbox === undefined)
        return Promise.resolve({ type: 'failed', reason: HOOK_NEEDS_SANDBOX_REASON });
      return runHookCommand({
        command: hook.command,
        input: JSON.stringify({ ...fields, ...base() }),
        cwd: options.cwd,
        timeoutMs: hook.timeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS,
        signal: invocation.context.signal,
        ...(sandbox === undefined ? {} : { sandbox }),
      });
    };
    const block = (hook: HookCommand, reason: string) => {
      invocation.emit({
        type: 'approval-decision',
        call: invocation.call,
        by: 'hook',
        outcome: 'reject',
        hook: hook.command,
      });
      return toolRejection('hook', `Blocked by ${describeHook(hook)}: ${reason}`);
    };
    let rewritten = false;
    /** Makes the call a new one with `args`, or refuses it (a second rewrite, invalid arguments). */
    const rewrite = async (hook: HookCommand, args: Readonly<Record<string, unknown>>) => {
      if (rewritten) return block(hook, SECOND_REWRITE);
      rewritten = true;
      return restartInvocation(invocation, args);
    };
    /** The preToolUse hooks over the call as it now is; a rewrite starts them over on the new call. */
    const judge = async (): Promise<ToolResult | undefined> => {
      for (const hook of pre.filter((candidate) => matches(candidate, toolName))) {
        const verdict = verdictOf(await run(hook, { hook_event_name: 'PreToolUse' }));
        if (verdict.type === 'block') return block(hook, verdict.reason);
        const updated = verdict.specific?.updatedInput;
        if (updated !== undefined) return (await rewrite(hook, updated)) ?? judge();
        if (verdict.type === 'approve') invocation.preApproved ??= { by: 'hook', source: hook.command };
      }
      return undefined;
    };
    const refused = await judge();
    if (refused) return refused;
    let result: ToolResult = await next();
    // A permissionRequest hook's rewrite: the call it was asked about was refused; the new one is judged again.
    const asked = options.rewrites?.get(invocation.call.id);
    if (asked !== undefined && result.status === 'rejected') {
      options.rewrites?.delete(invocation.call.id);
      const hook = { command: 'permissionRequest hook' };
      const again = (await rewrite(hook, asked)) ?? (await judge());
      result = again ?? (await next());
    }
    if (result.status === 'rejected') return result;
    const after = result.status === 'success' ? post : failed;
    for (const hook of after.filter((candidate) => matches(candidate, toolName))) {
      const event = result.status === 'success' ? 'PostToolUse' : 'PostToolUseFailure';
      const outcome = await run(hook, {
        hook_event_name: event,
        ...(result.status === 'success'
          ? { tool_response: result }
          : { error: result.error.message, tool_response: result }),
      });
      if (outcome.type === 'failed' || outcome.exitCode !== 0) {
        options.onNotice?.(
          `toolgate: the ${event === 'PostToolUse' ? 'postToolUse' : 'postToolUseFailure'} hook ${JSON.stringify(hook.command)} failed: ${outcome.type === 'failed' ? outcome.reason : `exit status ${outcome.exitCode}`}`,
        );
      }
    }
    return result;
  };
}
