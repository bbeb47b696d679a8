import { type HookOutputVerdict, readHookOutput } from './read-hook-output.js';
import type { HookRun } from './run-hook-command.js';

function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 2000 ? `${trimmed.slice(0, 2000)}…` : trimmed;
}

/**
 * What a hook's run of `event` said, in Claude Code's protocol: exit 2 blocks with stderr; exit 0
 * may print a decision (see `readHookOutput`); anything else blocks (fail closed).
 */
export function verdictOf(run: HookRun, event = 'PreToolUse'): HookOutputVerdict {
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
  return readHookOutput(run.stdout, event);
}
