import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInPty } from './test-support/run-in-pty.js';
import {
  createTempWorkspace,
  E2E_OPTIONS,
  PTY_SKIP_REASON,
  waitForText,
} from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let configHome: string;
let server: FakeModelServer;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-cli-status-config-'));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await workspace.dispose();
  await rm(configHome, { recursive: true, force: true });
});

const prompts = (output: string) => output.split('› ').length - 1;

describe.skipIf(PTY_SKIP_REASON !== undefined)(
  `interactive toolgate's /status in a pseudo-terminal ${PTY_SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('shows the model, the mode the managed floor holds, the session, workspace, sandbox, the tokens of the turns and the context left', async () => {
      // The user's window for the model; a managed floor that holds `auto` at `safe`.
      await mkdir(join(configHome, 'toolgate'), { recursive: true });
      await writeFile(
        join(configHome, 'toolgate', 'config.json'),
        JSON.stringify({ limits: { contextWindow: 100_000 } }),
      );
      const managed = join(configHome, 'managed.json');
      await writeFile(managed, JSON.stringify({ approval: { leastStrict: 'safe' } }));
      server.reply(
        { text: 'first answer', usage: { promptTokens: 1200, completionTokens: 34 } },
        { text: 'second answer', usage: { promptTokens: 1500, completionTokens: 66 } },
      );
      const run = runInPty(
        ['--cwd', root, '--model', 'openai-compatible:fake', '--base-url', server.baseURL],
        { cwd: root, env: { XDG_CONFIG_HOME: configHome, TOOLGATE_MANAGED_SETTINGS: managed } },
      );
      const atPrompt = async (count: number, line: string) => {
        await waitForText(() => String(prompts(run.output())), String(count));
        run.type(line);
      };
      await atPrompt(1, 'one\n');
      await waitForText(run.output, 'first answer');
      await atPrompt(2, 'two\n');
      await waitForText(run.output, 'second answer');
      await atPrompt(3, '/mode auto\n');
      await waitForText(run.output, 'so auto runs as safe');
      await atPrompt(4, '/status\n');
      await waitForText(run.output, 'context');
      await atPrompt(5, '/exit\n');
      expect(await run.exit).toBe(0);
      const status = run.output().slice(run.output().lastIndexOf('/status'));
      expect(status).toMatch(/model\s+openai-compatible:fake\n/);
      expect(status).toMatch(
        /approval\s+safe \(auto was asked for; nothing looser than safe runs under the managed settings \S+managed\.json\)\n/,
      );
      expect(status).toMatch(/session\s+[0-9a-f-]{36}\n/);
      expect(status).toContain(`workspace  ${root} (this workspace is not trusted`);
      expect(status).toMatch(/sandbox\s+bubblewrap, workspace-write/);
      expect(status).toMatch(/tokens\s+2,700 in, 100 out, this session\n/);
      expect(status).toMatch(
        /context\s+about [\d,]+ of 100,000 tokens, [\d,]+ left \(\d+%\); the earlier turns are compacted above 80,000\n/,
      );
      // /status and /mode never reached the model.
      expect(server.requests).toHaveLength(2);
    });
  },
);
