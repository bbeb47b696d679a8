import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createToolSurface,
  defineTool,
  implementTool,
  standardDecorators,
  toolSuccess,
} from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFileChangeRecorder } from './file-change-recorder.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolgate-acp-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A custom tool (no built-in name) that declares the file it changes in its preflight preview. */
function upperCaseTool(declareFiles: boolean) {
  const spec = defineTool({
    name: 'upper_case',
    description: 'Upper-cases a file.',
    input: z.object({ path: z.string() }),
    kind: 'edit',
  });
  return implementTool(spec, {
    async prepare(input) {
      const path = join(dir, input.path);
      const oldText = await readFile(path, 'utf8');
      return {
        status: 'ready',
        plan: path,
        preview: declareFiles ? { files: [{ path, oldText, newText: oldText.toUpperCase() }] } : {},
      };
    },
    async execute(_input, context) {
      await writeFile(context.plan, (await readFile(context.plan, 'utf8')).toUpperCase());
      return toolSuccess({ done: true });
    },
  });
}

async function run(declareFiles: boolean) {
  await writeFile(join(dir, 'a.txt'), 'abc\n');
  const recorder = createFileChangeRecorder();
  const surface = createToolSurface({
    tools: [upperCaseTool(declareFiles)],
    decorators: standardDecorators({ approval: { mode: 'auto' }, after: [recorder.decorator] }),
  });
  const result = await surface.executor.execute({
    id: 'c1',
    name: 'upper_case',
    arguments: { path: 'a.txt' },
  });
  expect(result.status).toBe('success');
  return recorder;
}

describe('createFileChangeRecorder', () => {
  it("records the whole text before and after of the files any tool's preflight declares, once", async () => {
    const recorder = await run(true);
    expect(recorder.take('c1')).toEqual([{ path: join(dir, 'a.txt'), oldText: 'abc\n', newText: 'ABC\n' }]);
    expect(recorder.take('c1')).toBeUndefined();
  });

  it('records nothing for a tool that declares no files', async () => {
    const recorder = await run(false);
    expect(recorder.take('c1')).toBeUndefined();
  });
});
