import { readFile } from 'node:fs/promises';
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

/** Types a line once the prompt has been shown `count` times. */
async function typeAtPrompt(run: ReturnType<typeof start>, count: number, line: string): Promise<void> {
  await waitForText(() => String(prompts(run.output())), String(count));
  run.type(line);
}

describe.skipIf(PTY_SKIP_REASON !== undefined)(
  `interactive toolgate's slash commands in a pseudo-terminal ${PTY_SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('/help lists the commands, /mode plan refuses a write unasked from the next call on, /mode shows it, /permissions lists the rules, /exit exits 0', async () => {
      server.reply(
        { toolCalls: [{ name: 'write_file', arguments: { path: 'a.txt', content: 'x' } }] },
        { text: 'my plan: write a.txt' },
      );
      const run = start();
      await typeAtPrompt(run, 1, '/help\n');
      await waitForText(run.output, '/permissions');
      await typeAtPrompt(run, 2, '/mode plan\n');
      await waitForText(run.output, '• Approval mode: plan.');
      await typeAtPrompt(run, 3, 'write a.txt\n');
      await waitForText(run.output, 'my plan: write a.txt');
      await typeAtPrompt(run, 4, '/mode\n');
      await waitForText(run.output, '● plan');
      await typeAtPrompt(run, 5, '/permissions\n');
      await waitForText(run.output, 'No permission rules in force');
      await typeAtPrompt(run, 6, '/exit\n');
      expect(await run.exit).toBe(0);
      expect(run.output()).not.toContain('Approve?');
      expect(JSON.stringify(server.requests[1]!.body!.messages)).toContain('plan mode:');
      // Only the one prompt reached the model: the commands did not.
      expect(server.requests).toHaveLength(2);
      await expect(readFile(join(root, 'a.txt'))).rejects.toThrow(/ENOENT/);
    });

    it('leaves plan mode when the person approves the plan the model presents, back to the mode before', async () => {
      server.reply(
        { toolCalls: [{ name: 'exit_plan_mode', arguments: { plan: '1. Write done.txt' } }] },
        { toolCalls: [{ name: 'write_file', arguments: { path: 'done.txt', content: 'done\n' } }] },
        { text: 'all done' },
      );
      const run = start('--approval', 'accept-edits');
      await typeAtPrompt(run, 1, '/mode plan\n');
      await typeAtPrompt(run, 2, 'plan, then do it\n');
      await waitForText(run.output, 'Approve this plan and leave plan mode?');
      expect(run.output()).toContain('1. Write done.txt');
      run.type('y\n');
      await waitForText(run.output, '• Plan approved: approval mode accept-edits.');
      await waitForText(run.output, 'all done');
      await typeAtPrompt(run, 3, '\u0004');
      expect(await run.exit).toBe(0);
      expect(await readFile(join(root, 'done.txt'), 'utf8')).toBe('done\n');
    });

    it('a line starting with / that is no command is sent only once the person confirms', async () => {
      server.reply({ text: 'about env' });
      const run = start();
      await typeAtPrompt(run, 1, '/mdoe plan\n');
      await waitForText(run.output, 'Send the line to the model as it is? [y/N]');
      run.type('\n');
      await waitForText(run.output, '• Not sent.');
      await typeAtPrompt(run, 2, '/usr/bin/env prints what?\n');
      await waitForText(run.output, '/usr/bin/env is not a command');
      run.type('y\n');
      await waitForText(run.output, 'about env');
      await typeAtPrompt(run, 3, '\u0004');
      expect(await run.exit).toBe(0);
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.body!.messages.at(-1)).toMatchObject({
        role: 'user',
        content: '/usr/bin/env prints what?',
      });
    });

    it('/clear forgets the conversation: the next prompt starts a new one', async () => {
      server.reply({ text: 'first answer' }, { text: 'second answer' });
      const run = start();
      await typeAtPrompt(run, 1, 'one\n');
      await waitForText(run.output, 'first answer');
      await typeAtPrompt(run, 2, '/clear\n');
      await waitForText(run.output, '• Conversation cleared');
      await typeAtPrompt(run, 3, 'two\n');
      await waitForText(run.output, 'second answer');
      await typeAtPrompt(run, 4, '\u0004');
      expect(await run.exit).toBe(0);
      const messages = server.requests[1]!.body!.messages.slice(1).map((message) => message.content);
      expect(messages).toEqual(['two']);
    });
  },
);
