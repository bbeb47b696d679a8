import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInPty } from './test-support/run-in-pty.js';
import {
  createTempWorkspace,
  E2E_OPTIONS,
  isAlive,
  PTY_SKIP_REASON,
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

const start = (...extra: string[]) =>
  runInPty(['--cwd', root, '--model', 'openai-compatible:fake', '--base-url', server.baseURL, ...extra], {
    cwd: root,
  });

const prompts = (output: string) => output.split('› ').length - 1;

describe.skipIf(PTY_SKIP_REASON !== undefined)(
  `interactive toolgate in a pseudo-terminal ${PTY_SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('answers prompt after prompt in one session, and Ctrl-D exits 0', async () => {
      server.reply({ text: 'first answer' }, { text: 'second answer' });
      const run = start();
      await waitForText(run.output, '› ');
      run.type('one\n');
      await waitForText(run.output, 'first answer');
      await waitForText(() => String(prompts(run.output())), '2');
      run.type('two\n');
      await waitForText(run.output, 'second answer');
      await waitForText(() => String(prompts(run.output())), '3');
      run.type('\u0004');
      expect(await run.exit).toBe(0);
      const history = server.requests[1]!.body!.messages.map((message) => [message.role, message.content]);
      expect(history.slice(1)).toEqual([
        ['user', 'one'],
        ['assistant', 'first answer'],
        ['user', 'two'],
      ]);
    });

    it('asks approval on the terminal; "n" stops the turn and the session goes on', async () => {
      server.reply(
        { toolCalls: [{ name: 'write_file', arguments: { path: 'a.txt', content: 'x' } }] },
        { text: 'after the refusal' },
      );
      const run = start('--approval', 'manual');
      await waitForText(run.output, '› ');
      run.type('write it\n');
      await waitForText(run.output, 'Approve?');
      run.type('n\n');
      await waitForText(run.output, '• Stopped: a call was rejected');
      expect(server.requests).toHaveLength(1);
      run.type('go on\n');
      await waitForText(run.output, 'after the refusal');
      run.type('\u0004');
      expect(await run.exit).toBe(0);
      await expect(readFile(join(root, 'a.txt'))).rejects.toThrow(/ENOENT/);
    });

    it('Ctrl-C cancels the running turn and its command; a second Ctrl-C at the prompt exits 130', async () => {
      server.reply(
        { toolCalls: [{ name: 'bash', arguments: { action: 'exec', command: 'echo $$ > pid; sleep 30' } }] },
        { text: 'unused' },
      );
      // $$ must be a pid on the host; in a sandbox it is one in the sandbox's pid namespace.
      const run = start('--approval', 'auto', '--sandbox', 'danger-full-access');
      await waitForText(run.output, '› ');
      run.type('sleep\n');
      let pid = 0;
      while (pid === 0) {
        pid = Number((await readFile(join(root, 'pid'), 'utf8').catch(() => '')).trim());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      run.type('\u0003');
      await waitForText(run.output, '• Stopped: interrupted.');
      expect(isAlive(pid)).toBe(false);
      expect(server.requests).toHaveLength(1);
      run.type('\u0003');
      expect(await run.exit).toBe(130);
    });
  },
);

describe.skipIf(SKIP_REASON !== undefined)(
  `bare toolgate without a terminal ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('prints the usage and exits 0, even with the interactive options', async () => {
      const result = await runToolgate(['--cwd', root, '--model', 'openai-compatible:fake']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage:');
    });
  },
);
