import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { toolFailure, toolSuccess } from '../result/tool-result.js';
import { defineJsonSchemaTool } from '../tool/define-json-schema-tool.js';
import { implementTool } from '../tool/tool.js';
import type { Workspace } from '../workspace/workspace.js';
import { writeFileAtomic } from '../workspace/write-file-atomic.js';
import { checkWriteBoundary } from './check-write-boundary.js';

const DEFINITION = defineJsonSchemaTool({
  name: 'put',
  description: 'Writes content to a path.',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
    additionalProperties: false,
  },
});

/** A writer that checks the path with the workspace, then writes with `write`. */
function writer(workspace: Workspace, write: (path: string, content: string) => Promise<void>) {
  return implementTool(DEFINITION, {
    async execute(input) {
      const { path, content } = input as { path: string; content: string };
      const resolution = await workspace.resolveWritable(path);
      if (resolution.status === 'failure') return resolution;
      try {
        await write(resolution.output.absolutePath, content);
      } catch (error) {
        return toolFailure('io_error', (error as Error).message);
      }
      return toolSuccess('ok');
    },
  });
}

const subject = {
  modify: (path: string, _current: string, content: string) => ({ path, content }),
};

describe('checkWriteBoundary', () => {
  it('passes a writer that writes atomically through the pinned directory', async () => {
    const report = await checkWriteBoundary(
      {
        ...subject,
        createTool: (workspace) => writer(workspace, (path, content) => writeFileAtomic(path, content)),
      },
      { raceCalls: 50, raceMilliseconds: 1000 },
    );
    expect(report.problems).toEqual([]);
    expect(report.race.calls).toBeGreaterThan(0);
  });

  it('catches a writer that writes in place through a hard link to outside', async () => {
    const report = await checkWriteBoundary(
      {
        ...subject,
        createTool: (workspace) => writer(workspace, (path, content) => writeFile(path, content)),
      },
      { raceCalls: 50, raceMilliseconds: 1000 },
    );
    // Found under each file-call driver.
    for (const driver of ['thread-pool', 'synchronous'])
      expect(report.problems).toContain(
        `a hard link to a file outside: something outside the workspace changed (${driver} file calls)`,
      );
  });
});
