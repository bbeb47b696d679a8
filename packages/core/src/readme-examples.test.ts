import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from './approval/approval-request.js';
import { standardDecorators } from './decorators/standard-decorators.js';
import { createToolSurface } from './surface/create-tool-surface.js';
import { createWordCountTool } from './test-support/readme/define-a-tool.js';
import { createLineCountTool, LINE_COUNT_SPEC } from './test-support/readme/load-a-tool-on-demand.js';
import { createMySurface } from './test-support/readme/swap-a-tool.js';
import { createTempWorkspace } from './testing/create-temp-workspace.js';

const README = join(import.meta.dirname, '..', 'README.md');
const EXAMPLES = join(import.meta.dirname, 'test-support', 'readme');

describe('the README examples', () => {
  it('shows each example exactly as the file the type checker compiles', async () => {
    const readme = await readFile(README, 'utf8');
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
    for (const name of ['define-a-tool.ts', 'load-a-tool-on-demand.ts', 'swap-a-tool.ts']) {
      const source = await readFile(join(EXAMPLES, name), 'utf8');
      expect([name, blocks.includes(source)]).toEqual([name, true]);
    }
  });

  it('runs the word_count example with the plan prepare made', async () => {
    const temp = await createTempWorkspace();
    try {
      await temp.write('a.md', 'one two  three\nfour');
      const surface = createToolSurface({
        tools: [createWordCountTool(temp.workspace)],
        decorators: standardDecorators({ approval: { mode: 'auto' } }),
      });
      const call = (path: string) =>
        surface.executor.execute({ id: 'c', name: 'word_count', arguments: { path } });
      expect(await call('a.md')).toEqual({
        status: 'success',
        output: { words: 4 },
        display: { summary: '4 words' },
      });
      expect((await call('../x.md')).status).toBe('failure');
    } finally {
      await temp.cleanup();
    }
  });

  it('runs the on-demand line_count example, listed from its spec', async () => {
    const temp = await createTempWorkspace();
    try {
      await temp.write('a.txt', 'one\ntwo\nthree\n');
      const tool = createLineCountTool(temp.workspace);
      expect([tool.definition, tool.prepare]).toEqual([LINE_COUNT_SPEC.definition, undefined]);
      const surface = createToolSurface({ tools: [tool] });
      const call = (path: string) =>
        surface.executor.execute({ id: 'c', name: 'line_count', arguments: { path } });
      expect(await call('a.txt')).toEqual({ status: 'success', output: { lines: 3 } });
      expect((await call('../a.txt')).status).toBe('failure');
    } finally {
      await temp.cleanup();
    }
  });

  it('runs the swapped read_file and asks about a production deploy only', async () => {
    const temp = await createTempWorkspace();
    try {
      await temp.write('notes.txt', 'hello');
      const asked: ApprovalRequest[] = [];
      const read: string[] = [];
      const surface = createMySurface(
        temp.root,
        async (request) => {
          asked.push(request);
          return 'reject_once';
        },
        (path) => read.push(path),
      );
      expect(surface.registry.list().map((definition) => definition.name)).toEqual(['read_file', 'deploy']);
      const call = (name: string, args: Record<string, unknown>) =>
        surface.executor.execute({ id: 'c', name, arguments: args });
      expect(await call('read_file', { path: 'notes.txt' })).toEqual({
        status: 'success',
        output: { path: 'notes.txt', content: 'hello' },
      });
      expect(await call('deploy', { environment: 'staging' })).toEqual({
        status: 'success',
        output: { deployed: 'staging' },
      });
      expect((await call('deploy', { environment: 'production' })).status).toBe('rejected');
      expect([read, asked.map((request) => request.title)]).toEqual([
        ['notes.txt'],
        ['Deploy to production'],
      ]);
    } finally {
      await temp.cleanup();
    }
  });
});
