import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadMcpClientSdk, loadMcpHttpTransport } from './test-support/mcp-sdk.js';
import {
  BIN,
  cleanEnv,
  createTempWorkspace,
  E2E_OPTIONS,
  SKIP_REASON,
  waitForText,
} from './test-support/run-toolgate.js';

const TOKEN = 'sessions-token-0123456789abcdef0123456789ab';
const LINES = 60;

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let child: ChildProcess;
let url: URL;
beforeEach(async () => {
  if (SKIP_REASON) return;
  workspace = await createTempWorkspace();
  await writeFile(
    join(workspace.root, 'a.txt'),
    `${Array.from({ length: LINES }, (_, index) => `line ${index}`).join('\n')}\n`,
  );
  let stderr = '';
  child = spawn(
    process.execPath,
    [BIN, 'mcp', '--http', '127.0.0.1:0', '--cwd', workspace.root, '--approval', 'auto'],
    { env: cleanEnv({ TOOLGATE_MCP_TOKEN: TOKEN }), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await waitForText(() => stderr, /serving MCP over Streamable HTTP at http:\/\/127\.0\.0\.1:\d+\/mcp/);
  url = new URL(`http://127.0.0.1:${/127\.0\.0\.1:(\d+)\/mcp/.exec(stderr)?.[1]}/mcp`);
}, 90_000);
afterEach(async () => {
  if (SKIP_REASON) return;
  if (child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  await workspace.dispose();
});

// docs/architecture.md, invariant 25: the path locks are the process's, so two sessions of one
// server that write one file take turns; before, each session had its own and updates were lost.
describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate mcp --http: two sessions writing one file ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('loses no update: every call that reports success is in the file', async () => {
      const { Client } = loadMcpClientSdk();
      const Transport = loadMcpHttpTransport();
      const connect = async () => {
        const client = new Client({ name: 'sessions-e2e', version: '1.0.0' });
        await client.connect(
          new Transport(url, { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
        );
        return client;
      };
      const sessions = [await connect(), await connect()];
      try {
        const calls = Array.from({ length: LINES }, async (_, index) => {
          const line = `line ${index}`;
          const changed = `${line} ${index % 2 ? 'edited' : 'patched'}`;
          const result = await sessions[index % 2]!.callTool(
            index % 2
              ? {
                  name: 'edit',
                  arguments: { path: 'a.txt', old_string: `${line}\n`, new_string: `${changed}\n` },
                }
              : {
                  name: 'apply_patch',
                  arguments: {
                    patch: [
                      '*** Begin Patch',
                      '*** Update File: a.txt',
                      '@@',
                      `-${line}`,
                      `+${changed}`,
                      '*** End Patch',
                    ].join('\n'),
                  },
                },
          );
          return { changed, ok: result.isError !== true };
        });
        const outcomes = await Promise.all(calls);
        const lines = (await readFile(join(workspace.root, 'a.txt'), 'utf8')).split('\n');
        const lost = outcomes.filter((outcome) => outcome.ok && !lines.includes(outcome.changed));
        expect(lost).toEqual([]);
        expect(outcomes.filter((outcome) => outcome.ok).length).toBeGreaterThan(LINES / 2);
      } finally {
        await Promise.all(sessions.map((session) => session.close()));
      }
    });
  },
);
