import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { standardDecorators } from '../decorators/standard-decorators.js';
import { toolFailure, toolSuccess } from '../result/tool-result.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import { defineTool } from '../tool/define-tool.js';
import { implementTool } from '../tool/tool.js';

const SPEC = defineTool({
  name: 'shout',
  description: 'Upper-cases a file.',
  input: z.object({ path: z.string(), fail: z.boolean().optional() }),
  kind: 'edit',
  presentation: {
    result: (output: { length: number }, input) => ({
      summary: `${input.path}: ${output.length} characters`,
    }),
  },
});

const FILES = [{ path: '/w/a.txt', oldText: 'hi\n', newText: 'HI\n' }];

const shout = implementTool(SPEC, {
  async prepare(input) {
    return { status: 'ready', plan: input.path, preview: { lines: [`Shout ${input.path}`], files: FILES } };
  },
  async execute(input) {
    return input.fail ? toolFailure('io_error', 'disk gone') : toolSuccess({ length: 3 });
  },
});

const surface = createToolSurface({
  tools: [shout],
  decorators: standardDecorators({ approval: { mode: 'auto' } }),
});
const run = (args: Readonly<Record<string, unknown>>) =>
  surface.executor.execute({ id: 'c', name: 'shout', arguments: args });

describe('a surface presents results', () => {
  it('puts the declared display and the planned changes on a success, and nothing on a failure', async () => {
    expect(await run({ path: 'a.txt' })).toEqual({
      status: 'success',
      output: { length: 3 },
      display: { summary: 'a.txt: 3 characters' },
      changes: FILES,
    });
    expect(await run({ path: 'a.txt', fail: true })).toEqual({
      status: 'failure',
      error: { code: 'io_error', message: 'disk gone' },
    });
  });

  it('keeps a display the tool set itself and ignores a declaration that throws', async () => {
    const own = implementTool(SPEC, {
      execute: async () => ({ status: 'success', output: { length: 1 }, display: { summary: 'own' } }),
    });
    const broken = implementTool(
      defineTool({
        name: 'broken',
        description: 'Throws when shown.',
        input: z.object({}),
        presentation: {
          result: () => {
            throw new Error('bug');
          },
        },
      }),
      { execute: async () => toolSuccess('fine') },
    );
    const both = createToolSurface({ tools: [own, broken] });
    expect(await both.executor.execute({ id: 'a', name: 'shout', arguments: { path: 'x' } })).toEqual({
      status: 'success',
      output: { length: 1 },
      display: { summary: 'own' },
    });
    expect(await both.executor.execute({ id: 'b', name: 'broken', arguments: {} })).toEqual({
      status: 'success',
      output: 'fine',
    });
  });
});
