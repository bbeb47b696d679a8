import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolSuccess } from '../result/tool-result.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import { defineTool } from '../tool/define-tool.js';
import { implementTool } from '../tool/tool.js';
import { bindClient } from './bind-client.js';
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

describe('bindClient', () => {
  it('gives a tool that declares nothing no client files at all', async () => {
    const tool = reportingTool();
    expect(bindClient(tool, { files })).toBe(tool);
    const result = await run(reportingTool());
    expect(result.status === 'success' && result.output).toEqual({
      prepared: [],
      executed: [],
      read: undefined,
    });
  });

  it("gives a tool that declares 'read' only the reads, in prepare and execute", async () => {
    const result = await run(
      bindClient(reportingTool('read'), { files }) as ReturnType<typeof reportingTool>,
    );
    expect(result.status === 'success' && result.output).toEqual({
      prepared: ['readTextFile'],
      executed: ['readTextFile'],
      read: 'buffer of /w/a.txt',
    });
  });

  it("gives a tool that declares 'read-write' the writes too", async () => {
    const result = await run(
      bindClient(reportingTool('read-write'), { files }) as ReturnType<typeof reportingTool>,
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
      bindClient(reportingTool('read'), { files: failing }) as ReturnType<typeof reportingTool>,
    );
    expect(result.status === 'success' && result.output).toMatchObject({ read: undefined });
  });

  it('lends terminals only to a tool that declares clientTerminals', async () => {
    const terminals = { create: async () => undefined };
    const plain = reportingTool('read');
    expect(bindClient(plain, { terminals })).toBe(plain);
    const spec = defineTool({
      name: 'runner',
      description: 'Reports whether it got terminals.',
      input: z.object({}),
      clientTerminals: true,
    });
    const runner = implementTool(spec, {
      execute: async (_input, context) => toolSuccess({ terminals: context.clientTerminals === terminals }),
    });
    const surface = createToolSurface({ tools: [bindClient(runner, { terminals })] });
    const result = await surface.executor.execute({ id: 'c', name: 'runner', arguments: {} });
    expect(result.status === 'success' && result.output).toEqual({ terminals: true });
  });

  it('leaves a tool alone when the client offers nothing it declared', async () => {
    const tool = reportingTool('read');
    expect(bindClient(tool, { files: { writeTextFile: async () => {} } })).toBe(tool);
  });
});
