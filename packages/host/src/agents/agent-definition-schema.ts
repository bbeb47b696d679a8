import { DELEGATE_NAME_PATTERN } from '@toolgate/agent';
import { z } from 'zod';

/**
 * One agent definition as written in the config key `agents` or an agent file's front matter:
 * it becomes the tool `delegate_<name>`.
 */
export const AGENT_DEFINITION_SCHEMA = z.strictObject({
  /** Lower case letters, digits, `_` and `-`, starting with a letter. */
  name: z
    .string({ error: 'a string' })
    .regex(
      DELEGATE_NAME_PATTERN,
      'a name of a-z, 0-9, _ and - that starts with a letter (at most 55 characters)',
    ),
  /** What the parent's model reads about `delegate_<name>`. */
  description: z.string({ error: 'a string' }).trim().min(1, 'a non-empty description'),
  /** Tool names or globs the child may use, within the parent's tools. @default every tool of the parent */
  tools: z
    .array(z.string().trim().min(1, 'a tool name or glob'), { error: 'a list of tool names' })
    .optional(),
  /** Keep only read-only tools. @default false */
  readOnly: z.boolean({ error: 'true or false' }).optional(),
  /** The child's instructions (an agent file's body). */
  instructions: z.string({ error: 'a string' }).trim().min(1, 'non-empty instructions'),
  /** `provider:model`, or `inherit`. @default the parent's model */
  model: z.string({ error: 'a string' }).trim().min(1, 'provider:model or inherit').optional(),
  /** Model requests of the child's turn. @default the parent's */
  maxSteps: z.number({ error: 'a number' }).int('an integer').positive('a positive integer').optional(),
});

/** A validated agent definition as written (its model still a string). */
export type AgentDefinitionConfig = z.output<typeof AGENT_DEFINITION_SCHEMA>;
