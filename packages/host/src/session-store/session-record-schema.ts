import { STOP_REASONS } from '@toolgate/agent';
import { APPROVAL_MODES } from '@toolgate/core';
import { z } from 'zod';
import type { SessionRecord } from './session-record.js';

/**
 * A record as read back from disk: anything else is a damaged line. Built on the first read, not
 * when the module loads: a new session writes records and reads none, and building the schema
 * (with zod's first load) costs `toolgate run` several milliseconds before its first request.
 */
function buildSessionRecordSchema() {
  const at = z.string().min(1);
  const turn = z.number().int().positive();
  /** A prompt message: its role and content as the provider interface shapes them (checked no deeper). */
  const message = z.looseObject({
    role: z.enum(['system', 'user', 'assistant', 'tool']),
    content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]),
  });
  const messages = z.array(message);
  return z.discriminatedUnion('type', [
    z.looseObject({
      type: z.literal('session'),
      version: z.literal(1),
      id: z.string().min(1),
      workspace: z.string().min(1),
      createdAt: at,
      title: z.string(),
      forkedFrom: z.object({ id: z.string().min(1), turns: z.number().int().nonnegative() }).optional(),
    }),
    z.looseObject({ type: z.literal('turn-start'), turn, at }),
    z.looseObject({
      type: z.literal('turn'),
      turn,
      at,
      input: z.string(),
      messages,
      calls: z.array(
        z.looseObject({
          id: z.string(),
          name: z.string(),
          status: z.enum(['success', 'failure', 'rejected']),
          title: z.string(),
          // Core's kind (ACP's kinds); a newer one reads back as it was written.
          kind: z.string().regex(/^[a-z_]{1,32}$/),
          locations: z.array(z.string()),
        }),
      ),
      stopReason: z.enum(STOP_REASONS),
      usage: z.object({
        inputTokens: z.number().nonnegative(),
        outputTokens: z.number().nonnegative(),
        totalTokens: z.number().nonnegative(),
      }),
      model: z.string(),
      mode: z.enum(APPROVAL_MODES),
      settings: z.string(),
      memory: z.array(z.tuple([z.string(), z.enum(['allow', 'reject'])])),
    }),
    z.looseObject({
      type: z.literal('rewind'),
      before: turn,
      at,
      code: z.boolean(),
      conversation: z.boolean(),
    }),
    z.looseObject({ type: z.literal('compaction'), through: turn, at, summary: messages }),
  ]);
}

let sessionRecordSchema: ReturnType<typeof buildSessionRecordSchema> | undefined;

/** Parses one line of a session log; `undefined` for a line that is not a whole, valid record. */
export function parseSessionRecord(line: string): SessionRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  sessionRecordSchema ??= buildSessionRecordSchema();
  const parsed = sessionRecordSchema.safeParse(value);
  return parsed.success ? (parsed.data as unknown as SessionRecord) : undefined;
}
