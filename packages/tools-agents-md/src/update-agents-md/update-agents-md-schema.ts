import { z } from 'zod';

/** The actions of `update_agents_md`. */
export const UPDATE_AGENTS_MD_ACTIONS = ['read', 'write', 'append'] as const;

/** An action. */
export type UpdateAgentsMdAction = (typeof UPDATE_AGENTS_MD_ACTIONS)[number];

/** Builds {@link UPDATE_AGENTS_MD_INPUT_SCHEMA}; the tool's spec builds its own on its first call, so listing tools builds no zod schema. */
export function buildUpdateAgentsMdInputSchema() {
  return z.object({
    action: z
      .preprocess(
        (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
        z.enum(UPDATE_AGENTS_MD_ACTIONS).optional(),
      )
      .optional()
      .describe(
        'read (default), write (replace the whole file with content) or append (add text at the end).',
      ),
    content: z.string().optional().describe('The full new AGENTS.md, for action=write.'),
    text: z.string().optional().describe('The text to add, for action=append.'),
  });
}

/** Arguments of `update_agents_md`. */
export const UPDATE_AGENTS_MD_INPUT_SCHEMA = /* @__PURE__ */ buildUpdateAgentsMdInputSchema();

/** Typed arguments of `update_agents_md`. */
export type UpdateAgentsMdInput = z.output<typeof UPDATE_AGENTS_MD_INPUT_SCHEMA>;

/** Builds {@link UPDATE_AGENTS_MD_OUTPUT_SCHEMA}. */
function buildUpdateAgentsMdOutputSchema() {
  return z.discriminatedUnion('action', [
    z.object({
      action: z.literal('read'),
      /** Root-relative path (`AGENTS.md` or `.agents/AGENTS.md`). */
      path: z.string(),
      /** The file exists. */
      exists: z.boolean(),
      /** Its text; empty when it does not exist. */
      content: z.string(),
      /** Present (true) only when the file was larger than what was read. */
      truncated: z.literal(true).optional(),
    }),
    z.object({
      action: z.enum(['write', 'append']),
      path: z.string(),
      /** The real absolute path written. */
      resolvedPath: z.string(),
      success: z.literal(true),
    }),
  ]);
}

/** Result of `update_agents_md`: `read` gives the content, `write` and `append` where it went. */
export const UPDATE_AGENTS_MD_OUTPUT_SCHEMA = /* @__PURE__ */ buildUpdateAgentsMdOutputSchema();

/** Result of `update_agents_md`. */
export type UpdateAgentsMdOutput = z.output<typeof UPDATE_AGENTS_MD_OUTPUT_SCHEMA>;
