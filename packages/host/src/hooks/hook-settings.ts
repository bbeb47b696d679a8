import { HOOK_EVENTS, type HookEvent } from './hook-events.js';

/** One hook: a shell command run for the calls whose tool name `matcher` matches. */
export interface HookCommand {
  /**
   * Tool names, as in agent definitions (`bash`, `mcp__github__*`), or Claude Code's (`Bash`,
   * `Edit`, `Write`, `Read`), several joined by `|` (`write_file|edit|apply_patch`); empty or `*`
   * matches every tool. @default every tool
   */
  readonly matcher?: string;
  /** Run with `sh -c` in the workspace root; the call arrives as JSON on stdin. */
  readonly command: string;
  /** Milliseconds before the hook's process group is killed and the call blocked. @default 10000 */
  readonly timeoutMs?: number;
  /** The file the hook came from, named in rejections. @default not named */
  readonly source?: string;
  /**
   * Where it runs. `required`: only inside the session's sandbox (a workspace's hook that runs a
   * workspace file, or whose line toolgate cannot judge); without one it is refused, and a call it
   * would see is blocked. `preferred`: inside the sandbox when there is one, else on the host.
   * @default on the host
   */
  readonly sandbox?: HookSandboxNeed;
}

/** Whether a hook must run inside the session's sandbox (see {@link HookCommand.sandbox}). */
export type HookSandboxNeed = 'required' | 'preferred';

/**
 * The hooks of a session by event, in the order they run (managed first, then the user's, then
 * a trusted workspace's). `preToolUse` runs after preflight and before approval and may block,
 * approve or rewrite the call; `postToolUse` runs after the tool ran; the others are described
 * with `runSessionHooks`.
 */
export type HookSettings = { readonly [Event in HookEvent]?: readonly HookCommand[] };

/** Every hook of the settings, whatever its event. */
export function allHooks(settings: HookSettings): HookCommand[] {
  return HOOK_EVENTS.flatMap((event) => settings[event] ?? []);
}

/** A hook's time limit when it names none. */
export const DEFAULT_HOOK_TIMEOUT_MS = 10_000;

/** Why a hook that must run in the sandbox did not run. */
export const HOOK_NEEDS_SANDBOX_REASON = 'it runs a workspace file and no sandbox can confine it';
