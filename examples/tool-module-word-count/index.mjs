// A toolgate tool module: its default export receives the session context and returns the tools
// (and, optionally, decorators) that join the session. Named in toolgate.config.json as
// {"tools": {"modules": ["toolgate-example-tool-module-word-count"]}} or by path.
import { readFile } from 'node:fs/promises';
import { defineTool, implementTool, toolFailure, toolSuccess } from '@toolgate/core';
import { writeFileAtomic } from '@toolgate/core/workspace-io';
import { z } from 'zod';

const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

const WORD_COUNT_SPEC = defineTool({
  name: 'word_count',
  description: 'Counts the lines, words and characters of a text file in the workspace.',
  input: z.object({ path: z.string().describe('File path, relative to the workspace root.') }),
  kind: 'read',
  annotations: { readOnly: true },
  // How people see a call and its result: `toolgate run` prints the title and the summary, an
  // editor (ACP) shows them as the tool call. Never sent to the model.
  presentation: {
    call: (input) => ({ title: `Count words in ${input.path}`, locations: [input.path] }),
    result: (output) => ({
      summary: `${plural(output.words, 'word')}, ${plural(output.lines, 'line')} in ${output.path}`,
    }),
  },
});

const TRIM_SPEC = defineTool({
  name: 'trim_trailing_whitespace',
  description: 'Removes spaces and tabs at the ends of the lines of a text file in the workspace.',
  input: z.object({ path: z.string().describe('File path, relative to the workspace root.') }),
  kind: 'edit',
  annotations: { readOnly: false, destructive: false, idempotent: true },
  presentation: {
    call: (input) => ({ title: `Trim trailing whitespace in ${input.path}`, locations: [input.path] }),
    result: (output) => ({ summary: `Trimmed ${plural(output.linesTrimmed, 'line')} of ${output.path}` }),
  },
});

function trim(text) {
  let linesTrimmed = 0;
  const trimmed = text.replace(/[ \t]+$/gm, () => {
    linesTrimmed += 1;
    return '';
  });
  return { trimmed, linesTrimmed };
}

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
  const trim_trailing_whitespace = implementTool(TRIM_SPEC, {
    // Preflight plans the change before anyone is asked; `files` is the whole file before and
    // after, which the approval question shows as a diff and the result carries as `changes`.
    async prepare(input) {
      const resolved = await context.workspace.resolveWritable(input.path);
      if (resolved.status !== 'success') return resolved;
      const { absolutePath, displayPath } = resolved.output;
      const before = await readFile(absolutePath, 'utf8');
      const { trimmed, linesTrimmed } = trim(before);
      return {
        status: 'ready',
        plan: { absolutePath, displayPath, before, after: trimmed, linesTrimmed },
        preview: {
          lines: [`Trim ${plural(linesTrimmed, 'line')} of ${displayPath}`],
          files: [{ path: absolutePath, oldText: before, newText: trimmed }],
        },
      };
    },
    async execute(_input, { plan }) {
      // The file may have changed while a person decided: write only what was approved.
      if ((await readFile(plan.absolutePath, 'utf8')) !== plan.before) {
        return toolFailure(
          'precondition_changed',
          `${plan.displayPath} changed since it was read; call again.`,
        );
      }
      await writeFileAtomic(plan.absolutePath, plan.after);
      return toolSuccess({ path: plan.displayPath, linesTrimmed: plan.linesTrimmed });
    },
  });
  return { tools: [word_count, trim_trailing_whitespace] };
}
