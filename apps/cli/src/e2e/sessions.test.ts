import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempWorkspace,
  E2E_OPTIONS,
  type RunOptions,
  runToolgate,
  SKIP_REASON,
  waitForText,
} from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let state: string;
let server: FakeModelServer;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  state = await mkdtemp(join(tmpdir(), 'toolgate-sessions-state-'));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await workspace.dispose();
  await rm(state, { recursive: true, force: true });
});

const env = () => ({ XDG_STATE_HOME: state });

const run = (args: readonly string[], options: RunOptions = {}) =>
  runToolgate(
    [
      'run',
      ...args,
      '--cwd',
      root,
      '--approval',
      'auto',
      '--model',
      'openai-compatible:fake',
      '--base-url',
      server.baseURL,
    ],
    { ...options, env: { ...env(), ...options.env } },
  );

const toolgate = (args: readonly string[]) => runToolgate(args, { env: env() });

const sessionsDir = () => join(state, 'toolgate', 'sessions');

/** The ids of the stored sessions. */
const storedIds = async () => readdir(sessionsDir());

/** The text of every user message a request carried, in order. */
const userTexts = (index: number): string[] =>
  (server.requests[index]?.body?.messages ?? [])
    .filter((message) => message.role === 'user')
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    );

const logOf = (id: string) => join(sessionsDir(), id, 'session.jsonl');

describe.skipIf(SKIP_REASON !== undefined)(
  `stored sessions, end to end ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('records a run (0700 directory, 0600 log) and --continue sends the first turn with the second request', async () => {
      await writeFile(join(root, 'notes.txt'), 'the word is plum\n');
      server.reply(
        { toolCalls: [{ id: 'call_read', name: 'read_file', arguments: { path: 'notes.txt' } }] },
        { text: 'The word is plum.' },
      );
      expect((await run(['What is the word?'])).code).toBe(0);
      const [id] = await storedIds();
      expect(id).toBeDefined();
      expect((await stat(join(sessionsDir(), id!))).mode & 0o777).toBe(0o700);
      expect((await stat(logOf(id!))).mode & 0o777).toBe(0o600);

      server.reply({ text: 'Still plum.' });
      const second = await run(['--continue', 'And again?', '--json']);
      expect(second.code).toBe(0);
      expect(JSON.parse(second.stdout.split('\n')[0]!)).toEqual({ type: 'session', id, turn: 2 });
      const messages = server.requests[2]!.body!.messages;
      // The earlier turn exactly as the provider format stored it: the prompt, the call, its result, the answer.
      expect(messages.map((message) => message.role)).toEqual([
        'system',
        'user',
        'assistant',
        'tool',
        'assistant',
        'user',
      ]);
      expect(userTexts(2)).toEqual(['What is the word?', 'And again?']);
      expect(messages[2]!.tool_calls?.[0]).toMatchObject({
        id: 'call_read',
        function: { name: 'read_file' },
      });
      expect(JSON.stringify(messages[3])).toContain('the word is plum');
      expect(messages[4]).toMatchObject({ role: 'assistant', content: 'The word is plum.' });
      expect(await storedIds()).toEqual([id]);

      const shown = await toolgate(['sessions', 'show', id!.slice(0, 8)]);
      expect(shown.code).toBe(0);
      expect(shown.stdout).toContain(`session ${id}`);
      expect(shown.stdout).toMatch(/ {2}1 {2}completed .*What is the word\?/);
      expect(shown.stdout).toMatch(/ {2}2 {2}completed .*And again\?/);
      const listed = await toolgate(['sessions', 'list']);
      expect(listed.stdout).toContain(`${id}\t`);
      expect(listed.stdout).toContain(`\t${root}\tWhat is the word?`);
    });

    it('--resume and --fork: a fork diverges without touching the original', async () => {
      server.reply({ text: 'one' });
      expect((await run(['first'])).code).toBe(0);
      const [original] = await storedIds();
      const before = await readFile(logOf(original!), 'utf8');

      server.reply({ text: 'forked' });
      expect((await run(['--fork', original!, 'in the fork'])).code).toBe(0);
      expect(userTexts(1)).toEqual(['first', 'in the fork']);
      expect(await readFile(logOf(original!), 'utf8')).toBe(before);
      const fork = (await storedIds()).find((id) => id !== original);
      expect(fork).toBeDefined();

      server.reply({ text: 'two' });
      expect((await run(['--resume', original!, 'in the original'])).code).toBe(0);
      expect(userTexts(2)).toEqual(['first', 'in the original']);

      server.reply({ text: 'fork again' });
      expect((await run(['--resume', fork!, 'fork again'])).code).toBe(0);
      expect(userTexts(3)).toEqual(['first', 'in the fork', 'fork again']);
      const shown = await toolgate(['sessions', 'show', fork!]);
      expect(shown.stdout).toContain(`forked     from ${original} after 1 turn(s)`);
    });

    it('a process killed mid-turn leaves a session that resumes without that turn, and numbers on', async () => {
      server.reply({ text: 'one' });
      expect((await run(['first'])).code).toBe(0);
      server.reply(
        { toolCalls: [{ name: 'write_file', arguments: { path: 'made.txt', content: 'made\n' } }] },
        { text: 'never', hold: new Promise(() => {}) },
      );
      let busy: Awaited<ReturnType<typeof run>> | undefined;
      const killed = await run(['--continue', 'second'], {
        onSpawn: (child) => {
          void (async () => {
            await waitForText(() => String(server.requests.length), '3');
            // While it runs, the session is its own: another process may not append to it.
            busy = await run(['--continue', 'meanwhile']);
            child.kill('SIGKILL');
          })();
        },
      });
      expect(killed.signal).toBe('SIGKILL');
      expect(busy?.code).toBe(2);
      expect(busy?.stderr).toMatch(/is open in another toolgate process \(pid \d+\)/);
      expect(await readFile(join(root, 'made.txt'), 'utf8')).toBe('made\n');

      server.reply({ text: 'three' });
      const resumed = await run(['--continue', 'third', '--json']);
      expect(resumed.code).toBe(0);
      expect(JSON.parse(resumed.stdout.split('\n')[0]!)).toMatchObject({ type: 'session', turn: 3 });
      expect(userTexts(3)).toEqual(['first', 'third']);
      const [id] = await storedIds();
      const shown = await toolgate(['sessions', 'show', id!]);
      expect(shown.stdout).toContain('interrupted turn(s) 2');
    });

    it('drops a torn last record, cuts the log back to whole records, and goes on', async () => {
      server.reply({ text: 'one' });
      expect((await run(['first'])).code).toBe(0);
      const [id] = await storedIds();
      await appendFile(logOf(id!), '{"type":"turn","turn":2,"at":"2026-');
      server.reply({ text: 'two' });
      const resumed = await run(['--continue', 'second']);
      expect(resumed.code).toBe(0);
      expect(resumed.stderr).toContain('dropped 1 torn or damaged record(s)');
      expect(userTexts(1)).toEqual(['first', 'second']);
      const lines = (await readFile(logOf(id!), 'utf8')).split('\n');
      expect(lines.at(-1)).toBe('');
      for (const line of lines.slice(0, -1)) expect(() => JSON.parse(line)).not.toThrow();
    });

    it('rewind --conversation cuts the turns off; the model is told on its next request', async () => {
      server.reply({ text: 'one' }, { text: 'two' });
      expect((await run(['first'])).code).toBe(0);
      expect((await run(['--continue', 'second'])).code).toBe(0);
      const rewound = await toolgate(['rewind', '--cwd', root, '--to', '2']);
      expect(rewound).toMatchObject({ code: 0 });
      expect(rewound.stdout).toContain('to before turn 2');
      server.reply({ text: 'three' });
      expect((await run(['--continue', 'third'])).code).toBe(0);
      const texts = userTexts(2);
      expect(texts).toHaveLength(2);
      expect(texts[0]).toBe('first');
      expect(texts[1]).toContain('rewound this conversation to before their message number 2');
      expect(texts[1]).toMatch(/third$/);
      const [id] = await storedIds();
      const shown = await toolgate(['sessions', 'show', id!]);
      expect(shown.stdout).toMatch(/ {2}3 {2}completed .*third/);
      expect(shown.stdout).not.toMatch(/ {2}2 {2}completed/);

      const missing = await toolgate(['rewind', '--cwd', root, '--to', '2']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('holds no turn 2; its turns are 1, 3');
    });

    it('refuses, without a terminal, a session of another workspace; says so for unknown ids; rm removes', async () => {
      server.reply({ text: 'one' });
      expect((await run(['first'])).code).toBe(0);
      const [id] = await storedIds();
      const other = join(root, 'other');
      await mkdir(other);
      const elsewhere = await runToolgate(
        [
          'run',
          '--resume',
          id!,
          'x',
          '--cwd',
          other,
          '--model',
          'openai-compatible:fake',
          '--base-url',
          server.baseURL,
        ],
        { env: env() },
      );
      expect(elsewhere.code).toBe(2);
      expect(elsewhere.stderr).toContain(`it ran in another workspace, ${root}`);
      expect(server.requests).toHaveLength(1);

      const continued = await runToolgate(
        [
          'run',
          '--continue',
          'x',
          '--cwd',
          other,
          '--model',
          'openai-compatible:fake',
          '--base-url',
          server.baseURL,
        ],
        { env: env() },
      );
      expect(continued.code).toBe(2);
      expect(continued.stderr).toContain(`No stored session in ${other} to continue`);
      const unknown = await run(['--resume', 'nope-nope', 'x']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('No stored session "nope-nope"');
      const traversal = await run(['--resume', '../x', 'x']);
      expect(traversal.code).toBe(2);
      expect(traversal.stderr).toContain('is not a session id');

      const removed = await toolgate(['sessions', 'rm', id!]);
      expect(removed).toMatchObject({ code: 0, stdout: `Removed session ${id} (${root}).\n` });
      expect(await storedIds()).toEqual([]);
    });

    it('rewind --both restores what write_file, apply_patch and bash changed, leaving secrets and .git alone; files changed outside need --force', async () => {
      await mkdir(join(root, '.git'));
      await writeFile(join(root, '.git', 'config'), '[core]\n');
      await writeFile(join(root, '.env'), 'TOKEN=1\n');
      await writeFile(join(root, 'a.txt'), 'one\n');
      await writeFile(join(root, 'b.txt'), 'bee\n');
      await writeFile(join(root, 'p.txt'), 'old line\n');
      server.reply({ text: 'looked' });
      expect((await run(['look around'])).code).toBe(0);
      server.reply(
        { toolCalls: [{ name: 'write_file', arguments: { path: 'w.txt', content: 'written\n' } }] },
        {
          toolCalls: [
            {
              name: 'apply_patch',
              arguments: {
                patch: '*** Begin Patch\n*** Update File: p.txt\n@@\n-old line\n+new line\n*** End Patch',
              },
            },
          ],
        },
        {
          toolCalls: [
            {
              name: 'bash',
              arguments: {
                action: 'exec',
                command: "sed -i 's/one/two/' a.txt && rm b.txt && echo new > c.txt",
              },
            },
          ],
        },
        { text: 'changed' },
      );
      const changed = await run(['--continue', 'change things']);
      expect(changed.code, changed.stderr).toBe(0);
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('two\n');
      expect(await readFile(join(root, 'p.txt'), 'utf8')).toBe('new line\n');
      await expect(readFile(join(root, 'b.txt'))).rejects.toThrow(/ENOENT/);

      // Named from another workspace, a session's files are not restored from there.
      const [storedId] = await storedIds();
      const elsewhere = await runToolgate(['rewind', '--cwd', tmpdir(), '--session', storedId!, '--code'], {
        env: env(),
      });
      expect(elsewhere.code).toBe(2);
      expect(elsewhere.stderr).toContain(`ran in ${root}`);
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('two\n');

      // A file changed outside toolgate since the checkpoint: listed, nothing restored, unless --force.
      await writeFile(join(root, 'a.txt'), 'edited by hand\n');
      const refused = await toolgate(['rewind', '--cwd', root, '--both', '--to', '2']);
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stdout).toContain('Not restored:');
      expect(refused.stdout).toContain('  a.txt\n');
      expect(await readFile(join(root, 'w.txt'), 'utf8')).toBe('written\n');

      const forced = await toolgate(['rewind', '--cwd', root, '--both', '--to', '2', '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stdout).toContain('Restored the files to how they were before turn 2');
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one\n');
      expect(await readFile(join(root, 'b.txt'), 'utf8')).toBe('bee\n');
      expect(await readFile(join(root, 'p.txt'), 'utf8')).toBe('old line\n');
      await expect(readFile(join(root, 'c.txt'))).rejects.toThrow(/ENOENT/);
      await expect(readFile(join(root, 'w.txt'))).rejects.toThrow(/ENOENT/);
      expect(await readFile(join(root, '.env'), 'utf8')).toBe('TOKEN=1\n');
      expect(await readFile(join(root, '.git', 'config'), 'utf8')).toBe('[core]\n');

      server.reply({ text: 'again' });
      expect((await run(['--continue', 'what now?'])).code).toBe(0);
      const texts = userTexts(server.requests.length - 1);
      expect(texts[0]).toBe('look around');
      expect(texts[1]).toContain('and the workspace files were restored to how they were before that turn');
    });
  },
);
