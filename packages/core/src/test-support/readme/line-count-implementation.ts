import { readFile } from 'node:fs/promises';
import { type DirectToolImplementation, toolSuccess, type Workspace } from '@toolgate/core';

/** The code behind the README's on-demand `line_count` example, loaded on its first call. */
export function lineCountImplementation(
  workspace: Workspace,
): DirectToolImplementation<{ path: string }, { lines: number }> {
  return {
    async execute(input) {
      const resolved = await workspace.resolveReadable(input.path);
      if (resolved.status === 'failure') return resolved;
      const text = await readFile(resolved.output.absolutePath, 'utf8');
      return toolSuccess({
        lines: text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
      });
    },
  };
}
