import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mcpFixtureScript } from './test-support/mcp-sdk.js';
import { runInPty } from './test-support/run-in-pty.js';
import {
  createTempWorkspace,
  E2E_OPTIONS,
  PTY_SKIP_REASON,
  runToolgate,
  waitForText,
} from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let servers: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  servers = join(root, 'servers.json');
  await writeFile(
    servers,
    JSON.stringify({
      mcpServers: { asker: { command: process.execPath, args: [mcpFixtureScript('elicit-server.mjs')] } },
    }),
  );
});
afterEach(async () => {
  await workspace.dispose();
});

const ask = ['call', 'mcp__asker__ask', '{}', '--approval', 'auto'];

describe.skipIf(PTY_SKIP_REASON !== undefined)(
  `a server's form during a call, asked on the terminal ${PTY_SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('shows the message and each field; Enter keeps the default; the server gets the answer', async () => {
      const run = runInPty([...ask, '--cwd', root, '--mcp-config', servers], { cwd: root });
      await waitForText(run.output, 'Fill it in? [y/N, d declines]');
      expect(run.output()).toContain('MCP server "asker" asks: Who is this for?');
      run.type('y\n');
      await waitForText(run.output, 'Name');
      run.type('\n'); // required, no default: asked again
      await waitForText(run.output, 'this field is required');
      run.type('Ada\n');
      await waitForText(run.output, '3) l');
      run.type('\n'); // keeps the default, m
      expect(await run.exit).toBe(0);
      expect(run.output()).toContain('accept: name=Ada size=m');
    });

    it('d declines the form, and the call reports it', async () => {
      const run = runInPty([...ask, '--cwd', root, '--mcp-config', servers], { cwd: root });
      await waitForText(run.output, 'Fill it in?');
      run.type('d\n');
      expect(await run.exit).toBe(0);
      expect(run.output()).toContain('decline: name=- size=-');
    });

    it('without a terminal nobody is asked: the server is told so', async () => {
      const result = await runToolgate([...ask, '--cwd', root, '--mcp-config', servers]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('cancel: name=- size=-');
    });
  },
);
