import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempWorkspace,
  E2E_OPTIONS,
  isAlive,
  type RunOptions,
  runToolgate,
  SKIP_REASON,
  waitForText,
} from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let server: FakeModelServer;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await workspace.dispose();
});

const run = (args: readonly string[], options: RunOptions = {}) =>
  runToolgate(
    ['run', ...args, '--cwd', root, '--model', 'openai-compatible:fake', '--base-url', server.baseURL],
    options,
  );

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate run, end to end ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('streams the answer to stdout, shows tool calls on stderr, exits 0', async () => {
      await writeFile(join(root, 'notes.txt'), 'the secret word is plum\n');
      server.reply(
        { toolCalls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }] },
        { text: ['The word ', 'is plum.'] },
      );
      const result = await run(['What is the word in notes.txt?']);
      expect(result).toMatchObject({ code: 0, stdout: 'The word is plum.\n' });
      expect(result.stderr).toBe(
        '• Read notes.txt\n  ✓ Read notes.txt (line 1)\n    │ the secret word is plum\n',
      );
      expect(JSON.stringify(server.requests[1]!.body!.messages)).toContain('the secret word is plum');
    });

    it("puts the workspace's AGENTS.md in the system prompt", async () => {
      await writeFile(join(root, 'AGENTS.md'), 'Always answer in haiku.\n');
      server.reply({ text: 'ok' });
      const result = await run(['hi']);
      expect(result.code).toBe(0);
      expect(JSON.stringify(server.requests[0]!.body!.messages)).toContain('Always answer in haiku.');
    });

    it('prints JSON Lines with --json, the last one turn_end with the stop reason', async () => {
      server.reply({ text: 'ok' });
      const result = await run(['hi', '--json']);
      expect(result.code).toBe(0);
      const events = lines(result.stdout);
      expect(events.map((event) => event.type)).toContain('text_delta');
      expect(events.at(-1)).toMatchObject({ type: 'turn_end', stopReason: 'completed', text: 'ok' });
    });

    it('reads the prompt from stdin with -, and takes the model from TOOLGATE_MODEL and TOOLGATE_BASE_URL', async () => {
      server.reply({ text: 'from stdin' });
      const result = await runToolgate(['run', '-', '--cwd', root], {
        stdin: 'a prompt on stdin',
        env: { TOOLGATE_MODEL: 'openai-compatible:fake', TOOLGATE_BASE_URL: server.baseURL },
      });
      expect(result).toMatchObject({ code: 0, stdout: 'from stdin\n' });
      expect(server.requests[0]!.body!.messages.at(-1)).toMatchObject({
        role: 'user',
        content: 'a prompt on stdin',
      });
    });

    it('exits 3 when a call is rejected (no terminal to ask), after exactly one model request', async () => {
      server.reply(
        { toolCalls: [{ name: 'write_file', arguments: { path: 'x.txt', content: 'x' } }] },
        { text: 'no' },
      );
      const result = await run(['write x.txt', '--approval', 'manual', '--json']);
      expect(result.code).toBe(3);
      expect(server.requests).toHaveLength(1);
      expect(lines(result.stdout).at(-1)).toMatchObject({
        type: 'turn_end',
        stopReason: 'blocked_by_approval',
      });
      await expect(readFile(join(root, 'x.txt'))).rejects.toThrow(/ENOENT/);
    });

    it('exits 1 with the provider message on a model error', async () => {
      const error = { type: 'error', status: 500, retryAfterSeconds: 0, message: 'model exploded' } as const;
      server.reply(error, error, error);
      const result = await run(['hi']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('toolgate: model error: HTTP 500: model exploded');
    });

    it('exits 1 when --max-steps is reached', async () => {
      server.reply({ toolCalls: [{ name: 'read_file', arguments: { path: 'none' } }] });
      const result = await run(['loop', '--max-steps', '1', '--json']);
      expect(result.code).toBe(1);
      expect(lines(result.stdout).at(-1)).toMatchObject({ stopReason: 'max_steps' });
    });

    it('takes the model and base URL from the config of a trusted workspace, and ignores them until then', async () => {
      await writeFile(
        join(root, 'toolgate.config.json'),
        JSON.stringify({ model: 'openai-compatible:from-config', baseURL: server.baseURL }),
      );
      const untrusted = await runToolgate(['run', 'hi', '--cwd', root]);
      expect(untrusted.code).toBe(2);
      expect(untrusted.stderr).toContain('ignored model "openai-compatible:from-config", baseURL');
      expect((await runToolgate(['trust', '--cwd', root])).code).toBe(0);
      server.reply({ text: 'configured' });
      const trusted = await runToolgate(['run', 'hi', '--cwd', root]);
      expect(trusted).toMatchObject({ code: 0, stdout: 'configured\n' });
      expect(server.requests[0]!.body?.model).toBe('from-config');
    });

    it('exits 2 and says which flag or variable to set when no model is configured', async () => {
      const result = await runToolgate(['run', 'hi', '--cwd', root]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        'No model configured: pass --model provider:model, set TOOLGATE_MODEL or the config key "model"',
      );
      expect(server.requests).toHaveLength(0);
    });

    it('exits 130 on SIGINT during `bash exec sleep` and leaves no process behind', async () => {
      server.reply({
        toolCalls: [{ name: 'bash', arguments: { action: 'exec', command: 'echo $$ > pid; sleep 30' } }],
      });
      // $$ must be a pid on the host; in a sandbox it is one in the sandbox's pid namespace.
      const result = await run(['sleep', '--approval', 'auto', '--sandbox', 'danger-full-access'], {
        onSpawn: (child) => {
          void (async () => {
            await waitForText(() => (server.requests.length > 0 ? 'asked' : ''), 'asked');
            for (;;) {
              const text = await readFile(join(root, 'pid'), 'utf8').catch(() => '');
              if (text.trim()) break;
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
            child.kill('SIGINT');
          })();
        },
      });
      expect(result.code).toBe(130);
      const pid = Number((await readFile(join(root, 'pid'), 'utf8')).trim());
      expect(isAlive(pid)).toBe(false);
    });
  },
);
