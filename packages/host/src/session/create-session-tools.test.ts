import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createToolSurface } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionTools, type SessionToolSet } from './create-session-tools.js';

// The MCP package's fixture server, run as a real process (its FIXTURE_LABEL shows which config started it).
const FIXTURE_SERVER = fileURLToPath(
  new URL('../../../mcp/src/test-support/fixtures/fixture-server.mjs', import.meta.url),
);
const fixture = (label: string) => ({
  type: 'stdio' as const,
  command: process.execPath,
  args: [FIXTURE_SERVER],
  env: { FIXTURE_LABEL: label },
  disabled: false,
});

let root: string;
let tools: SessionToolSet | undefined;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-session-tools-')));
});
afterEach(async () => {
  await tools?.close();
  tools = undefined;
  await rm(root, { recursive: true, force: true });
});

async function search(set: SessionToolSet, name: string): Promise<unknown> {
  const surface = createToolSurface({ tools: set.provider });
  const result = await surface.executor.execute({ id: 'c1', name, arguments: { query: 'x' } });
  return result.status === 'success' ? JSON.stringify(result.output) : result;
}

describe('createSessionTools with MCP servers', () => {
  it('starts servers given directly next to the file’s, a given one replacing the file’s of the same name', async () => {
    const file = join(root, '.mcp.json');
    await writeFile(
      file,
      JSON.stringify({
        mcpServers: {
          notes: {
            command: process.execPath,
            args: [FIXTURE_SERVER],
            env: { FIXTURE_LABEL: 'notes-from-file' },
          },
          docs: {
            command: process.execPath,
            args: [FIXTURE_SERVER],
            env: { FIXTURE_LABEL: 'docs-from-file' },
          },
        },
      }),
    );
    tools = await createSessionTools({
      root,
      mcpConfigFile: file,
      mcpServers: { notes: fixture('notes-given'), extra: fixture('extra-given') },
      sandbox: 'unconfined',
    });
    expect(tools.mcp?.statusLines()).toEqual([
      expect.stringMatching(/^mcp server "notes": connected/),
      expect.stringMatching(/^mcp server "docs": connected/),
      expect.stringMatching(/^mcp server "extra": connected/),
    ]);
    expect(await search(tools, 'mcp__notes__search')).toContain('notes-given: results for x');
    expect(await search(tools, 'mcp__docs__search')).toContain('docs-from-file: results for x');
    expect(await search(tools, 'mcp__extra__search')).toContain('extra-given: results for x');
  });

  it('starts servers given directly without any file', async () => {
    tools = await createSessionTools({ root, mcpServers: { only: fixture('alone') }, sandbox: 'unconfined' });
    expect(await search(tools, 'mcp__only__search')).toContain('alone: results for x');
    expect(tools.provider.get('read_file')).toBeDefined();
  });

  it('loads no MCP side without a file or servers', async () => {
    tools = await createSessionTools({ root, mcpServers: {}, sandbox: 'unconfined' });
    expect(tools.mcp).toBeUndefined();
  });
});

describe('createSessionTools with the config’s secrets', () => {
  it('refuses the default secrets, and the configured list replaces them', async () => {
    await writeFile(join(root, '.env'), 'TOKEN=1\n');
    await writeFile(join(root, 'notes.txt'), 'notes\n');
    const read = async (set: SessionToolSet, path: string) => {
      const surface = createToolSurface({ tools: set.provider });
      const result = await surface.executor.execute({ id: 'c1', name: 'read_file', arguments: { path } });
      return result.status === 'failure' ? result.error.code : result.status;
    };
    tools = await createSessionTools({ root, sandbox: 'unconfined', builtIns: ['read_file'] });
    expect([await read(tools, '.env'), await read(tools, 'notes.txt')]).toEqual(['secret_file', 'success']);
    await tools.close();
    tools = await createSessionTools({
      root,
      config: { secrets: ['*.txt'] },
      sandbox: 'unconfined',
      builtIns: ['read_file'],
    });
    expect([await read(tools, '.env'), await read(tools, 'notes.txt')]).toEqual(['success', 'secret_file']);
    expect(tools.workspace.secrets.patterns).toEqual(['*.txt']);
  });
});
