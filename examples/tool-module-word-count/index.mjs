// A toolgate tool module: its default export receives the session context and returns the tools
// (and, optionally, decorators) that join the session. Named in toolgate.config.json as
// {"tools": {"modules": ["toolgate-example-tool-module-word-count"]}} or by path.
import { readFile } from 'node:fs/promises';
import { defineTool, implementTool, toolSuccess } from '@toolgate/core';
import { z } from 'zod';

const WORD_COUNT_SPEC = defineTool({
  name: 'word_count',
  description: 'Counts the lines, words and characters of a text file in the workspace.',
  input: z.object({ path: z.string().describe('File path, relative to the workspace root.') }),
  kind: 'read',
  annotations: { readOnly: true },
});

/** The factory: called once per session with { workspace, processes, sandbox, signal }. */
export default function createWordCountTools(context) {
  const word_count = implementTool(WORD_COUNT_SPEC, {
    async execute(input, { signal }) {
      // The workspace decides where a call may reach: outside the root, protected and secret
      // paths come back as failures the model reads.
      const resolved = await context.workspace.resolveReadable(input.path);
      if (resolved.status !== 'success') return resolved;
      const text = await readFile(resolved.output.absolutePath, { encoding: 'utf8', signal });
      const words = text.split(/\s+/).filter((word) => word !== '').length;
      const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      return toolSuccess({ path: resolved.output.displayPath, lines, words, characters: text.length });
    },
  });
  return { tools: [word_count] };
}
