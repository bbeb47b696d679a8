import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
let state: string;
let server: FakeModelServer;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  state = await mkdtemp(join(tmpdir(), 'toolgate-interactive-state-'));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await workspace.dispose();
  await rm(state, { recursive: true, force: true });
});

const start = (...extra: string[]) =>
  runInPty(['--cwd', root, '--model', 'openai-compatible:fake', '--base-url', server.baseURL, ...extra], {
    cwd: root,
    env: { XDG_STATE_HOME: state },
  });

const prompts = (output: string) => output.split('› ').length - 1;

/** The text of every user message a request carried, in order. */
const userTexts = (index: number): string[] =>
  (server.requests[index]?.body?.messages ?? [])
    .filter((message) => message.role === 'user')
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    );

describe.skipIf(PTY_SKIP_REASON !== undefined)(
  `interactive session commands in a pseudo-terminal ${PTY_SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('/rewind cuts the last turn off, /compact summarizes, /fork goes on in a copy, /resume lists and goes back', async () => {
      server.reply({ text: 'first answer' }, { text: 'second answer' }, { text: 'third answer' });
      server.replyWhen('You write the summary', { text: 'They asked one thing.' });
      const run = start();
      let shown = 1;
      const next = async (line: string, wait: string) => {
        run.type(`${line}\n`);
        await waitForText(run.output, wait);
        shown += 1;
        await waitForText(() => String(prompts(run.output())), String(shown));
      };
      await waitForText(run.output, '› ');
      await next('one', 'first answer');
      await next('two', 'second answer');
      await next('/rewind', 'Rewound to before turn 2');
      await next('three', 'third answer');
      expect(userTexts(2)[0]).toBe('one');
      expect(userTexts(2)[1]).toContain('rewound this conversation to before their message number 2');
      await next('/rewind 9', 'No turn 9 to rewind to; the turns are 1, 3.');
      await next('/compact', 'Compacted 1 earlier turn(s) into a summary');
      const [original] = await readdir(join(state, 'toolgate', 'sessions'));
      await next('/fork', `Forked ${original} into session `);
      server.reply({ text: 'fork answer' });
      await next('four', 'fork answer');
      const texts = userTexts(4);
      expect(texts[0]).toContain('They asked one thing.');
      expect(texts.slice(-1)).toEqual(['four']);
      expect(await readdir(join(state, 'toolgate', 'sessions'))).toHaveLength(2);
      await next('/resume', `Sessions in ${root} (newest first`);
      await next(`/resume ${original}`, `Resumed session ${original} (next turn 4)`);
      server.reply({ text: 'back answer' });
      await next('five', 'back answer');
      const back = userTexts(5);
      expect(back).toHaveLength(3);
      expect(back[0]).toContain('They asked one thing.');
      expect(back[1]).toMatch(/three$/);
      expect(back[2]).toBe('five');
      run.type('\u0004');
      expect(await run.exit).toBe(0);
    });
  },
);
