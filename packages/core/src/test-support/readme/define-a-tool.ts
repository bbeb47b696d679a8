import { readFile } from 'node:fs/promises';
import {
  defineTool,
  implementTool,
  type ResolvedPath,
  toolFailure,
  toolSuccess,
  type Workspace,
} from '@toolgate/core';
import { z } from 'zod';

export const WORD_COUNT_SPEC = defineTool({
  name: 'word_count', // ^[a-zA-Z0-9_-]{1,64}$
  description: 'Counts the words of a file in the workspace.',
  input: z.object({ path: z.string() }), // JSON Schema for the model is made from it (inlined, no $ref)
  // `input` may also be a function that builds the schema: it then runs on the first call.
  // inputJsonSchema: { … }, // optional: that JSON Schema generated ahead of time, saving the
  //                         // conversion at start-up (it must equal what `input` converts to)
  kind: 'read', // ACP kind
  annotations: { readOnly: true }, // MCP hints; approval reads readOnly
  // How people see a call and its success (toolgate run's lines, ACP's tool_call); never the model.
  presentation: {
    call: (input) => ({ title: `Count words in ${input.path}`, locations: [input.path] }),
    result: (output: { words: number }) => ({ summary: `${output.words} words` }),
  },
});

export function createWordCountTool(workspace: Workspace) {
  return implementTool<{ path: string }, { words: number }, ResolvedPath>(WORD_COUNT_SPEC, {
    // Preflight: after validation, before approval. A failure returns at once; nobody is asked.
    async prepare(input) {
      const resolved = await workspace.resolveReadable(input.path);
      if (resolved.status === 'failure') return resolved;
      const path = resolved.output;
      return { status: 'ready', plan: path, preview: { lines: [`Count ${path.displayPath}`] } };
    },
    // `plan` is what prepare made, typed as it made it. Re-check it: the file may have changed
    // while a person decided.
    async execute(input, { plan }) {
      const now = await workspace.resolveReadable(input.path);
      if (now.status === 'failure') return now;
      if (now.output.absolutePath !== plan.absolutePath) {
        return toolFailure('precondition_changed', `${input.path} now leads elsewhere; retry the call.`);
      }
      const text = await readFile(plan.absolutePath, 'utf8');
      return toolSuccess({ words: text.split(/\s+/).filter(Boolean).length });
    },
  });
}
