import { parseStrictJson } from './parse-strict-json.js';

/** What a preToolUse hook that exited 0 said on stdout. */
export type HookOutputVerdict =
  | { readonly type: 'continue' }
  | { readonly type: 'approve' }
  | { readonly type: 'block'; readonly reason: string };

// The keys of Claude Code's common hook output that toolgate reads or may safely pass over.
const STRING_KEYS = ['reason', 'stopReason', 'systemMessage'] as const;
const BOOLEAN_KEYS = ['continue', 'suppressOutput'] as const;
const KNOWN_KEYS = new Set<string>(['decision', ...STRING_KEYS, ...BOOLEAN_KEYS]);

const blocked = (why: string, detail?: string): HookOutputVerdict => ({
  type: 'block',
  reason: `${why}, so the call is blocked${detail ? ` (${detail})` : ''}`,
});

function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 2000 ? `${trimmed.slice(0, 2000)}…` : trimmed;
}

/** Whether a line of the output opens a JSON object, so the hook meant to answer in JSON. */
const opensJson = (line: string) => /^\s*\{/.test(line);

/**
 * Reads a preToolUse hook's stdout (exit status 0) in Claude Code's protocol, failing closed on
 * anything that can be read two ways. Nothing, or plain text that is not JSON and has no line
 * that opens an object (`{`), continues; JSON that is not an object blocks. Otherwise the output must be exactly one JSON object (no repeated key anywhere, no
 * text before or after it) whose keys are `decision` (`"block"` or `"approve"`), `reason`,
 * `continue` (`false` blocks), `stopReason`, `systemMessage` and `suppressOutput`, each of its
 * type; anything else blocks, saying why. An unknown key blocks too (a misspelt `"decison":
 * "block"` must not let the call through, nor Claude Code's `hookSpecificOutput`, whose
 * permission decision toolgate does not read).
 */
export function readHookOutput(stdout: string): HookOutputVerdict {
  const text = stdout.trim();
  if (text === '') return { type: 'continue' };
  const parsed = parseStrictJson(text);
  if (!parsed.ok) {
    if (!text.split('\n').some(opensJson)) return { type: 'continue' };
    if (!opensJson(text)) return blocked('the hook printed text and JSON together');
    if (parsed.error.includes('appears twice')) return blocked(`the hook printed JSON where ${parsed.error}`);
    return blocked('the hook printed JSON that does not parse', parsed.error);
  }
  const output = parsed.value;
  if (typeof output !== 'object' || output === null || Array.isArray(output))
    return blocked('the hook printed JSON that is not an object');
  const fields = output as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!KNOWN_KEYS.has(key))
      return blocked(
        `the hook printed the key ${JSON.stringify(key)}, which toolgate does not read${key === 'hookSpecificOutput' ? ' (it reads "decision")' : ''}`,
      );
  }
  for (const key of STRING_KEYS) {
    if (key in fields && typeof fields[key] !== 'string')
      return blocked(
        `the hook printed ${JSON.stringify(key)} ${JSON.stringify(fields[key])}, which is not a string`,
      );
  }
  for (const key of BOOLEAN_KEYS) {
    if (key in fields && typeof fields[key] !== 'boolean')
      return blocked(
        `the hook printed ${JSON.stringify(key)} ${JSON.stringify(fields[key])}, which is not true or false`,
      );
  }
  const { decision, reason, stopReason } = fields as {
    decision?: unknown;
    reason?: string;
    stopReason?: string;
  };
  if (decision !== undefined && decision !== 'block' && decision !== 'approve')
    return blocked(
      `the hook answered decision ${JSON.stringify(decision)}, which is neither "block" nor "approve"`,
    );
  if (fields.continue === false) {
    const why = stopReason?.trim() || reason?.trim();
    return blocked(`the hook answered "continue": false${why ? ` (${clip(why)})` : ''}`);
  }
  if (decision === 'block')
    return { type: 'block', reason: reason?.trim() ? clip(reason) : 'no reason given' };
  if (decision === 'approve') return { type: 'approve' };
  return { type: 'continue' };
}
