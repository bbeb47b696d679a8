import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolSuccess } from '../result/tool-result.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import { defineTool } from '../tool/define-tool.js';
import { implementTool } from '../tool/tool.js';
import { bindClientFiles } from './bind-client-files.js';
import type { ClientFiles, ClientFilesUse } from './client-files.js';

/** A tool that reports what of the client's files its prepare and execute were given. */
function reportingTool(clientFiles?: ClientFilesUse) {
  const spec = defineTool({
    name: 'probe',
    description: 'Reports the client files it sees.',
    input: z.object({}),
    ...(clientFiles ? { clientFiles } : {}),
  });
  let prepared: string[] = [];
  const tool = implementTool(spec, {
    async prepare(_input, context) {
      prepared = Object.keys(context.clientFiles ?? {}).sort();
      return { status: 'ready' as const, plan: undefined };
    },
    async execute(_input, context) {
      const read = await context.clientFiles?.readTextFile?.('/w/a.txt', context.signal);
      return toolSuccess({ prepared, executed: Object.keys(context.clientFiles ?? {}).sort(), read });
    },
  });
  return tool;
}

const files: ClientFiles = {
  readTextFile: async (path) => `buffer of ${path}`,
  writeTextFile: async () => {},
};

async function run(tool: ReturnType<typeof reportingTool>) {
  const surface = createToolSurface({ tools: [tool] });
  return surface.executor.execute({ id: 'c', name: 'probe', arguments: {} });
}

describe('bindClientFiles', () => {
  it('gives a tool that declares nothing no client files at all', async () => {
    const tool = reportingTool();
    expect(bindClientFiles(tool, files)).toBe(tool);
    const result = await run(reportingTool());
    expect(result.status === 'success' && result.output).toEqual({
      prepared: [],
      executed: [],
      read: undefined,
    });
  });

  it("gives a tool that declares 'read' only the reads, in prepare and execute", async () => {
    const result = await run(
      bindClientFiles(reportingTool('read'), files) as ReturnType<typeof reportingTool>,
    );
    expect(result.status === 'success' && result.output).toEqual({
      prepared: ['readTextFile'],
      executed: ['readTextFile'],
      read: 'buffer of /w/a.txt',
    });
  });

  it("gives a tool that declares 'read-write' the writes too", async () => {
    const result = await run(
      bindClientFiles(reportingTool('read-write'), files) as ReturnType<typeof reportingTool>,
    );
    expect(result.status === 'success' && result.output).toMatchObject({
      prepared: ['readTextFile', 'writeTextFile'],
      executed: ['readTextFile', 'writeTextFile'],
    });
  });

  it('turns a failing client read into none, so the tool reads the disk', async () => {
    const failing: ClientFiles = {
      readTextFile: async () => {
        throw new Error('the editor does not hold it');
      },
    };
    const result = await run(
      bindClientFiles(reportingTool('read'), failing) as ReturnType<typeof reportingTool>,
    );
    expect(result.status === 'success' && result.output).toMatchObject({ read: undefined });
  });

  it('leaves a tool alone when the client offers nothing it declared', async () => {
    const tool = reportingTool('read');
    expect(bindClientFiles(tool, { writeTextFile: async () => {} })).toBe(tool);
  });
});
