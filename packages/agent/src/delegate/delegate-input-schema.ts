import { z } from 'zod';
import { DELEGATE_CONTEXT_DESCRIPTION, DELEGATE_TASK_DESCRIPTION } from './built-in-delegates-description.js';

/** Builds {@link DELEGATE_INPUT_SCHEMA}; the tool's spec builds its own on its first call, so listing tools builds no zod schema. */
export function buildDelegateInputSchema() {
  return z.object({
    task: z.string().trim().min(1).describe(DELEGATE_TASK_DESCRIPTION),
    context: z.string().optional().describe(DELEGATE_CONTEXT_DESCRIPTION),
  });
}

/** Arguments of every `delegate_<name>` tool: the task, and what the child should know. */
export const DELEGATE_INPUT_SCHEMA = /* @__PURE__ */ buildDelegateInputSchema();
