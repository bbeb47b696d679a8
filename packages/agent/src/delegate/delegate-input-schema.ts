import { z } from 'zod';
import { DELEGATE_CONTEXT_DESCRIPTION, DELEGATE_TASK_DESCRIPTION } from './built-in-delegates-description.js';

/** Arguments of every `delegate_<name>` tool: the task, and what the child should know. */
export const DELEGATE_INPUT_SCHEMA = z.object({
  task: z.string().trim().min(1).describe(DELEGATE_TASK_DESCRIPTION),
  context: z.string().optional().describe(DELEGATE_CONTEXT_DESCRIPTION),
});
