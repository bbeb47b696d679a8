import { matchToolPattern, type ToolDecorator, type ToolResult, toolRejection } from '@toolgate/core';
import { TOOL_ALIASES } from '@toolgate/rules';
import type { LocalSandboxSession } from '@toolgate/tools-shell';
import {
  DEFAULT_HOOK_TIMEOUT_MS,
  HOOK_NEEDS_SANDBOX_REASON,
  type HookCommand,
  type HookSettings,
} from './hook-settings.js';
import { readHookOutput } from './read-hook-output.js';
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
}

/** What one preToolUse hook said. */
type Verdict =
  | { readonly type: 'continue' }
  | { readonly type: 'approve' }
  | { readonly type: 'block'; readonly reason: string };

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

function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 2000 ? `${trimmed.slice(0, 2000)}…` : trimmed;
}

/** Claude Code's protocol: exit 2 blocks with stderr; exit 0 may print a decision; anything else fails closed. */
function verdictOf(run: HookRun): Verdict {
  if (run.type === 'failed')
    return { type: 'block', reason: `the hook failed, so the call is blocked: ${run.reason}` };
  if (run.exitCode === 2)
    return { type: 'block', reason: clip(run.stderr) || 'the hook exited with status 2' };
  if (run.exitCode !== 0) {
    const stderr = clip(run.stderr);
    return {
      type: 'block',
      reason: `the hook failed (exit status ${run.exitCode}), so the call is blocked${stderr ? `: ${stderr}` : ''}`,
    };
  }
  return readHookOutput(run.stdout);
}

function describeHook(hook: HookCommand): string {
  return `the preToolUse hook ${JSON.stringify(hook.command)}${hook.source ? ` (from ${hook.source})` : ''}`;
}

/**
 * preToolUse and postToolUse hooks (docs/configuration.md, "Rules, secrets, hooks and audit") as one
 * decorator that sits between preflight and approval. For each matching preToolUse hook in turn,
 * the call goes as JSON on stdin (`session_id`, `hook_event_name`, `tool_name`, `tool_input`,
 * `tool_use_id`, `cwd`): exit 0 continues (stdout `{"decision":"block","reason"}` blocks,
 * `{"decision":"approve"}` skips the question), exit 2 blocks with stderr as the reason, and any
 * other exit, a crash, a timeout or output that can be read two ways (see {@link readHookOutput})
 * blocks (fail closed). A block is
 * `rejected{by:'hook'}`. postToolUse hooks run after the tool ran (not after a rejection), with
 * `tool_response` added.
 */
export function withHooks(options: HooksOptions): ToolDecorator {
  const pre = options.hooks.preToolUse ?? [];
  const post = options.hooks.postToolUse ?? [];
  return async (invocation, next) => {
    const toolName = invocation.call.name;
    const base = {
      session_id: options.sessionId,
      tool_name: toolName,
      tool_input: invocation.input?.value ?? invocation.call.arguments,
      tool_use_id: invocation.call.id,
      cwd: options.cwd,
    };
    const run = (hook: HookCommand, fields: Record<string, unknown>): Promise<HookRun> => {
      const sandbox = hook.sandbox === undefined ? undefined : options.sandbox;
      if (hook.sandbox === 'required' && sandbox === undefined)
        return Promise.resolve({ type: 'failed', reason: HOOK_NEEDS_SANDBOX_REASON });
      return runHookCommand({
        command: hook.command,
        input: JSON.stringify({ ...fields, ...base }),
        cwd: options.cwd,
        timeoutMs: hook.timeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS,
        signal: invocation.context.signal,
        ...(sandbox === undefined ? {} : { sandbox }),
      });
    };
    for (const hook of pre.filter((candidate) => matches(candidate, toolName))) {
      const verdict = verdictOf(await run(hook, { hook_event_name: 'PreToolUse' }));
      if (verdict.type === 'block') {
        invocation.emit({
          type: 'approval-decision',
          call: invocation.call,
          by: 'hook',
          outcome: 'reject',
          hook: hook.command,
        });
        return toolRejection('hook', `Blocked by ${describeHook(hook)}: ${verdict.reason}`);
      }
      if (verdict.type === 'approve') invocation.preApproved ??= { by: 'hook', source: hook.command };
    }
    const result: ToolResult = await next();
    if (result.status === 'rejected') return result;
    for (const hook of post.filter((candidate) => matches(candidate, toolName))) {
      const outcome = await run(hook, { hook_event_name: 'PostToolUse', tool_response: result });
      if (outcome.type === 'failed' || outcome.exitCode !== 0) {
        options.onNotice?.(
          `toolgate: the postToolUse hook ${JSON.stringify(hook.command)} failed: ${outcome.type === 'failed' ? outcome.reason : `exit status ${outcome.exitCode}`}`,
        );
      }
    }
    return result;
  };
}
