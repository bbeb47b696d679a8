import { z } from 'zod';

/** One tool call a scripted model turn makes. */
export interface ReplayToolCall {
  /** @default `replay_<turn>_<n>` */
  readonly id?: string;
  readonly name: string;
  /** The arguments: an object, or JSON text sent as it is (so a script can send malformed JSON). */
  readonly arguments: string | Readonly<Record<string, unknown>>;
}

/** What the latest tool results (those after the model's last turn) must say for a turn to play. */
export interface ReplayGuard {
  /** Every string must appear in the latest tool results' text. */
  readonly toolResultIncludes?: readonly string[];
  /** No string may appear in it. */
  readonly toolResultExcludes?: readonly string[];
}

/** One model turn of a replay script: what the model "says" when it is asked next. */
export interface ReplayTurn {
  readonly text?: string;
  readonly reasoning?: string;
  readonly toolCalls?: readonly ReplayToolCall[];
  /** @default `tool-calls` when there are tool calls, else `stop` */
  readonly finishReason?: 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'other';
  /** @default `{ inputTokens: 0, outputTokens: 0 }` */
  readonly usage?: { readonly inputTokens: number; readonly outputTokens: number };
  /** Played only when the latest tool results match; a turn whose guard fails is skipped. */
  readonly when?: ReplayGuard;
  /** Where the turn was read from (`FILE:LINE`), for messages. */
  readonly source: string;
}

const strings = z.array(z.string()).min(1);

const turnSchema = z.strictObject({
  text: z.string().optional(),
  reasoning: z.string().optional(),
  toolCalls: z
    .array(
      z.strictObject({
        id: z.string().min(1).optional(),
        name: z.string().min(1),
        arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
      }),
    )
    .optional(),
  finishReason: z.enum(['stop', 'tool-calls', 'length', 'content-filter', 'other']).optional(),
  usage: z
    .strictObject({ inputTokens: z.number().int().min(0), outputTokens: z.number().int().min(0) })
    .optional(),
  when: z
    .strictObject({ toolResultIncludes: strings.optional(), toolResultExcludes: strings.optional() })
    .optional(),
  comment: z.string().optional(),
});

/** A replay script that cannot be read: `message` names the file, the line and what to fix. */
export class ReplayScriptError extends Error {
  override readonly name = 'ReplayScriptError';
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/**
 * Reads a replay script: JSON Lines, one model turn per line (`text`, `reasoning`, `toolCalls`,
 * `finishReason`, `usage`, a `when` guard, a `comment`); blank lines are skipped. `name` is how
 * messages name the file. Throws {@link ReplayScriptError} for the first bad line.
 */
export function parseReplayScript(text: string, name: string): readonly ReplayTurn[] {
  const turns: ReplayTurn[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] ?? '').trim();
    if (line === '') continue;
    const source = `${name}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new ReplayScriptError(
        `${source}: not JSON (${(error as Error).message}); each line is one model turn as a JSON object.`,
      );
    }
    const parsed = turnSchema.safeParse(value);
    if (!parsed.success)
      throw new ReplayScriptError(`${source}: ${parsed.error.issues.map(describeIssue).join('; ')}.`);
    const { comment: _comment, ...turn } = parsed.data;
    if (turn.text === undefined && turn.toolCalls === undefined && turn.reasoning === undefined)
      throw new ReplayScriptError(`${source}: a turn needs text, reasoning or toolCalls.`);
    turns.push({ ...turn, source } as ReplayTurn);
  }
  if (turns.length === 0) throw new ReplayScriptError(`${name}: the script has no turns.`);
  return turns;
}
