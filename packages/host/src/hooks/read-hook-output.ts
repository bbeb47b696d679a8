import { parseStrictJson } from './parse-strict-json.js';

/** What Claude Code's `hookSpecificOutput` said, as far as the event lets toolgate read it. */
export interface HookSpecificOutput {
  /** PreToolUse, PermissionRequest: the call's arguments to judge again instead (an object). */
  readonly updatedInput?: Readonly<Record<string, unknown>>;
  /** UserPromptSubmit, SessionStart: text the model reads besides the prompt. */
  readonly additionalContext?: string;
  /** PermissionRequest: the answer to the approval question. */
  readonly permission?: { readonly behavior: 'allow' | 'deny'; readonly message?: string };
}

/** What a hook that exited 0 said on stdout. */
export type HookOutputVerdict =
  | { readonly type: 'continue'; readonly text?: string; readonly specific?: HookSpecificOutput }
  | { readonly type: 'approve'; readonly specific?: HookSpecificOutput }
  | { readonly type: 'block'; readonly reason: string };

// The keys of `hookSpecificOutput` each event may print, besides `hookEventName`.
const SPECIFIC_KEYS: Readonly<Record<string, readonly string[]>> = {
  PreToolUse: ['permissionDecision', 'permissionDecisionReason', 'updatedInput'],
  PermissionRequest: ['decision'],
  UserPromptSubmit: ['additionalContext'],
  SessionStart: ['additionalContext'],
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `hookSpecificOutput` read for `event`, or why it cannot be (the call is then blocked). */
function readSpecific(
  value: unknown,
  event: string,
):
  | {
      readonly ok: true;
      readonly specific: HookSpecificOutput;
      readonly decision?: 'approve' | 'block';
      readonly reason?: string;
    }
  | { readonly ok: false; readonly why: string } {
  const keys = SPECIFIC_KEYS[event];
  if (keys === undefined)
    return {
      ok: false,
      why: `the hook printed the key "hookSpecificOutput", which toolgate does not read for ${event} (it reads "decision")`,
    };
  if (!isObject(value))
    return { ok: false, why: 'the hook printed "hookSpecificOutput" that is not an object' };
  if (value.hookEventName !== event)
    return {
      ok: false,
      why: `the hook printed "hookSpecificOutput" whose "hookEventName" is not ${JSON.stringify(event)}`,
    };
  for (const key of Object.keys(value))
    if (key !== 'hookEventName' && !keys.includes(key))
      return {
        ok: false,
        why: `the hook printed "hookSpecificOutput.${key}", which toolgate does not read for ${event}`,
      };
  const { permissionDecision, permissionDecisionReason, updatedInput, additionalContext, decision } = value;
  if (updatedInput !== undefined && !isObject(updatedInput))
    return { ok: false, why: 'the hook printed "updatedInput" that is not an object' };
  if (additionalContext !== undefined && typeof additionalContext !== 'string')
    return { ok: false, why: 'the hook printed "additionalContext" that is not a string' };
  if (permissionDecisionReason !== undefined && typeof permissionDecisionReason !== 'string')
    return { ok: false, why: 'the hook printed "permissionDecisionReason" that is not a string' };
  if (permissionDecision !== undefined && !['allow', 'deny', 'ask'].includes(permissionDecision as string))
    return {
      ok: false,
      why: `the hook answered permissionDecision ${JSON.stringify(permissionDecision)}, which is none of "allow", "deny" and "ask"`,
    };
  let permission: HookSpecificOutput['permission'];
  let rewrite = updatedInput as Readonly<Record<string, unknown>> | undefined;
  if (decision !== undefined) {
    if (!isObject(decision)) return { ok: false, why: 'the hook printed "decision" that is not an object' };
    for (const key of Object.keys(decision))
      if (!['behavior', 'message', 'updatedInput'].includes(key))
        return { ok: false, why: `the hook printed "decision.${key}", which toolgate does not read` };
    if (decision.behavior !== 'allow' && decision.behavior !== 'deny')
      return {
        ok: false,
        why: `the hook answered behavior ${JSON.stringify(decision.behavior)}, which is neither "allow" nor "deny"`,
      };
    if (decision.message !== undefined && typeof decision.message !== 'string')
      return { ok: false, why: 'the hook printed "decision.message" that is not a string' };
    if (
      decision.updatedInput !== undefined &&
      (!isObject(decision.updatedInput) || decision.behavior !== 'allow')
    )
      return {
        ok: false,
        why: 'the hook printed "decision.updatedInput" that is not an object of an "allow"',
      };
    permission = {
      behavior: decision.behavior,
      ...(decision.message === undefined ? {} : { message: decision.message as string }),
    };
    rewrite = decision.updatedInput as Readonly<Record<string, unknown>> | undefined;
  }
  const specific: HookSpecificOutput = {
    ...(rewrite === undefined ? {} : { updatedInput: rewrite }),
    ...(additionalContext === undefined ? {} : { additionalContext: additionalContext as string }),
    ...(permission === undefined ? {} : { permission }),
  };
  const reason = permissionDecisionReason as string | undefined;
  if (permissionDecision === 'deny')
    return { ok: true, specific, decision: 'block', ...(reason ? { reason } : {}) };
  if (permissionDecision === 'allow') return { ok: true, specific, decision: 'approve' };
  return { ok: true, specific };
}

// The keys of Claude Code's common hook output that toolgate reads or may safely pass over.
const STRING_KEYS = ['reason', 'stopReason', 'systemMessage'] as const;
const BOOLEAN_KEYS = ['continue', 'suppressOutput'] as const;
const KNOWN_KEYS = new Set<string>(['decision', 'hookSpecificOutput', ...STRING_KEYS, ...BOOLEAN_KEYS]);

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
 * Reads a hook's stdout (exit status 0) of `event` (`PreToolUse`) in Claude Code's protocol, failing closed on
 * anything that can be read two ways. Nothing, or plain text that is not JSON and has no line
 * that opens an object (`{`), continues; JSON that is not an object blocks. Otherwise the output must be exactly one JSON object (no repeated key anywhere, no
 * text before or after it) whose keys are `decision` (`"block"` or `"approve"`), `reason`,
 * `continue` (`false` blocks), `stopReason`, `systemMessage` and `suppressOutput`, each of its
 * type; anything else blocks, saying why. An unknown key blocks too (a misspelt `"decison":
 * "block"` must not let the call through, nor Claude Code's `hookSpecificOutput`, whose
 * permission decision toolgate does not read).
 */
export function readHookOutput(stdout: string, event = 'PreToolUse'): HookOutputVerdict {
  const text = stdout.trim();
  if (text === '') return { type: 'continue' };
  const parsed = parseStrictJson(text);
  if (!parsed.ok) {
    if (!text.split('\n').some(opensJson)) return { type: 'continue', text };
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
      return blocked(`the hook printed the key ${JSON.stringify(key)}, which toolgate does not read`);
  }
  const read =
    fields.hookSpecificOutput === undefined ? undefined : readSpecific(fields.hookSpecificOutput, event);
  if (read && !read.ok) return blocked(read.why);
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
  const specific = read?.specific;
  const said = read?.decision;
  if ((decision === 'block' && said === 'approve') || (decision === 'approve' && said === 'block'))
    return blocked('the hook answered "decision" and "permissionDecision" differently');
  if (decision === 'block' || said === 'block') {
    const why = (decision === 'block' ? reason : read?.reason) ?? reason;
    return { type: 'block', reason: why?.trim() ? clip(why) : 'no reason given' };
  }
  if (decision === 'approve' || said === 'approve')
    return { type: 'approve', ...(specific ? { specific } : {}) };
  return { type: 'continue', ...(specific ? { specific } : {}) };
}
