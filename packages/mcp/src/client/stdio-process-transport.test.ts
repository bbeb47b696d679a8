import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForNode } from '../test-support/build-for-node.js';
import { RAW_SERVER, rawServer, waitFor } from '../test-support/fixture-paths.js';
import { createMcpTools } from './create-mcp-tools.js';

const run = promisify(execFile);
const EXITING_HOST = new URL('../test-support/fixtures/exiting-host.mjs', import.meta.url).pathname;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function readPids(file: string): Promise<number[]> {
  await waitFor(() => {
    try {
      return readFileSync(file, 'utf8').includes(' ');
    } catch {
      return false;
    }
  });
  return readFileSync(file, 'utf8').split(' ').map(Number);
}

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolgate-mcp-process-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('stdio servers run in a process group of their own', () => {
  it('ends a server that hangs on initialize, and the child it started, though both ignore SIGTERM', async () => {
    const file = join(directory, 'hung.pids');
    const mcp = await createMcpTools({
      servers: { stuck: rawServer('stuck', { RAW_SERVER_PIDS: file }) },
      // Ample time for the server to start and write its pids first, even on a loaded machine.
      connectTimeoutMs: 3000,
    });
    expect(mcp.status()[0]).toMatchObject({
      state: 'error',
      reason:
        'did not finish starting within 3000 ms (give it longer with "startupTimeoutMs" in its .mcp.json entry)',
    });
    const pids = await readPids(file);
    await waitFor(() => pids.every((pid) => !isAlive(pid)));
    await mcp.close();
  });

  it('does not wait for servers with waitForServers: false, and close ends one still starting', async () => {
    const file = join(directory, 'background.pids');
    const mcp = await createMcpTools({
      servers: { stuck: rawServer('stuck', { RAW_SERVER_PIDS: file }) },
      waitForServers: false,
    });
    expect(mcp.status()).toEqual([
      {
        server: 'stuck',
        transport: 'stdio',
        state: 'connecting',
        tools: [],
        skippedTools: [],
        changedTools: [],
      },
    ]);
    const pids = await readPids(file);
    await mcp.close();
    await mcp.ready;
    await waitFor(() => pids.every((pid) => !isAlive(pid)));
  });

  describe('when the host exits without closing', () => {
    let build: string;
    beforeAll(async () => {
      build = await buildForNode();
    }, 120_000);
    afterAll(async () => {
      await rm(build, { recursive: true, force: true });
    });

    it('kills the server and its children with the host', async () => {
      const file = join(directory, 'exit.pids');
      await run(process.execPath, [EXITING_HOST, build, RAW_SERVER, 'stuck'], {
        env: { ...process.env, RAW_SERVER_PIDS: file },
      });
      const pids = await readPids(file);
      await waitFor(() => pids.every((pid) => !isAlive(pid)));
    }, 60_000);
  });
});
