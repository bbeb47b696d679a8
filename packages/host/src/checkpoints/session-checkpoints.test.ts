import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSessionSettings } from '../config/resolve-session-settings.js';
import { openHostSession } from '../session/open-host-session.js';
import { sessionDirectory } from '../session-store/session-directory.js';
import { openSessionCheckpoints } from './open-session-checkpoints.js';

let base: string;
let root: string;
let stateDir: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-session-checkpoints-')));
  root = join(base, 'repo');
  stateDir = join(base, 'state', 'toolgate');
  await mkdir(join(root, 'src'), { recursive: true });
  await mkdir(join(root, '.git'));
  await writeFile(join(root, 'notes.txt'), 'one\ntwo\n');
  await writeFile(join(root, 'src', 'a.txt'), 'alpha\n');
  await writeFile(join(root, '.env'), 'TOKEN=before\n');
  await writeFile(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const env = () => ({ XDG_CONFIG_HOME: join(base, 'config-home'), XDG_STATE_HOME: join(base, 'state') });

/** Sandboxed bash is required by default: the tests prove what bubblewrap's bash changes is undone. */
async function settings(sandbox: 'workspace-write' | 'danger-full-access' = 'workspace-write') {
  const configFile = join(base, 'toolgate.config.json');
  await writeFile(configFile, JSON.stringify({}));
  return resolveSessionSettings({ root, env: env(), configFile, sandbox, notice: () => {} });
}

/** Resolves once `path` exists (a handshake with a background process), giving it seconds. */
async function appears(path: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (existsSync(path)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} did not appear`);
}

const read = (path: string) => readFile(join(root, path), 'utf8');

const PATCH = [
  '*** Begin Patch',
  '*** Update File: notes.txt',
  '@@',
  '-one',
  '+uno',
  ' two',
  '*** End Patch',
].join('\n');

describe.each(['workspace-write', 'danger-full-access'] as const)(
  'checkpoints through the front door (bash %s)',
  (sandbox) => {
    it('rewinds write_file, apply_patch and bash (sed -i, rm, a new file), leaving secrets and protected paths alone', async () => {
      const server = await startFakeModelServer();
      const notices: string[] = [];
      const directory = join(sessionDirectory(stateDir, 'session-one'), 'checkpoints');
      try {
        server.reply(
          {
            toolCalls: [
              { name: 'write_file', arguments: { path: 'src/new.txt', content: 'written\n' } },
              { name: 'apply_patch', arguments: { patch: PATCH } },
            ],
          },
          { text: 'first done' },
          {
            toolCalls: [
              {
                name: 'bash',
                arguments: {
                  command: "sed -i 's/two/TWO/' notes.txt && rm src/a.txt && echo made > made.txt",
                },
              },
            ],
          },
          { text: 'second done' },
        );
        const session = await openHostSession(await settings(sandbox), {
          answeredBy: 'test',
          notice: (line) => notices.push(line),
          env: { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
          purpose: { kind: 'agent' },
          mode: () => 'auto',
          checkpoints: { directory },
        });
        try {
          const first = await session.prompt('write and patch').result;
          const second = await session.prompt('now with bash').result;
          expect([first.stopReason, second.stopReason]).toEqual(['completed', 'completed']);
          expect(await read('notes.txt')).toBe('uno\nTWO\n');
          expect(existsSync(join(root, 'src/a.txt'))).toBe(false);
          // Someone changes a secret and git's own files meanwhile: never copied, never restored.
          await writeFile(join(root, '.env'), 'TOKEN=after\n');
          await writeFile(join(root, '.git', 'HEAD'), 'ref: refs/heads/other\n');

          const checkpoints = session.checkpoints!;
          expect(await checkpoints.list()).toMatchObject([
            { turn: 1, changed: ['notes.txt', 'src/new.txt'] },
            { turn: 2, changed: ['made.txt', 'notes.txt', 'src/a.txt'] },
          ]);
          expect(await checkpoints.restore(2)).toMatchObject({
            status: 'restored',
            restored: ['notes.txt', 'src/a.txt'],
            deleted: ['made.txt'],
          });
          expect(await read('notes.txt')).toBe('uno\ntwo\n');
          expect(await read('src/a.txt')).toBe('alpha\n');
          expect(existsSync(join(root, 'made.txt'))).toBe(false);
          expect(await checkpoints.restore(1)).toMatchObject({
            status: 'restored',
            deleted: ['src/new.txt'],
          });
          expect(await read('notes.txt')).toBe('one\ntwo\n');
          expect(existsSync(join(root, 'src/new.txt'))).toBe(false);
        } finally {
          await session.close();
        }
        expect(await read('.env')).toBe('TOKEN=after\n');
        expect(await read('.git/HEAD')).toBe('ref: refs/heads/other\n');
        const store = await Promise.all(
          ['journal.jsonl', 'blobs.pack'].map((name) => readFile(join(directory, name), 'utf8')),
        );
        expect(store.join('\n')).not.toMatch(/TOKEN=|refs\/heads/);
        expect(notices.filter((line) => line.startsWith('checkpoints'))).toEqual([]);
      } finally {
        await server.close();
      }
    });
  },
);

describe('checkpoints through the front door', () => {
  it('attributes what a background process started in turn 1 writes during turn 2 to turn 2', async () => {
    const server = await startFakeModelServer();
    await mkdir(join(root, 'node_modules'));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      server.reply(
        {
          toolCalls: [
            {
              name: 'bash',
              arguments: {
                action: 'start',
                command: 'while [ ! -e node_modules/go ]; do sleep 0.05; done; echo late > bg.txt',
              },
            },
          ],
        },
        { text: 'started' },
        { text: 'saw it', hold: held },
      );
      const session = await openHostSession(await settings(), {
        answeredBy: 'test',
        notice: () => {},
        env: { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
        purpose: { kind: 'agent' },
        mode: () => 'auto',
        checkpoints: { directory: join(sessionDirectory(stateDir, 'background'), 'checkpoints') },
      });
      try {
        expect((await session.prompt('start it').result).stopReason).toBe('completed');
        const second = session.prompt('and now').result;
        const checkpoints = session.checkpoints!;
        // What changes before turn 2's checkpoint is taken belongs to the state before it: wait for it.
        while (!(await checkpoints.list()).some(({ turn }) => turn === 2)) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // node_modules is excluded: the signal is not a change of the workspace's.
        await writeFile(join(root, 'node_modules', 'go'), '');
        await appears(join(root, 'bg.txt'));
        release();
        await second;
        expect((await checkpoints.list()).map(({ turn, changed }) => ({ turn, changed }))).toEqual([
          { turn: 1, changed: [] },
          { turn: 2, changed: ['bg.txt'] },
        ]);
        expect(await checkpoints.restore(2)).toMatchObject({ status: 'restored', deleted: ['bg.txt'] });
        expect(existsSync(join(root, 'bg.txt'))).toBe(false);
      } finally {
        await session.close();
      }
    } finally {
      release();
      await server.close();
    }
  });

  it('refuses calls that change files when no checkpoint of the turn could be taken, and lets read-only ones run', async () => {
    const server = await startFakeModelServer();
    try {
      server.reply(
        {
          toolCalls: [
            { name: 'read_file', arguments: { path: 'notes.txt' } },
            { name: 'write_file', arguments: { path: 'notes.txt', content: 'overwritten\n' } },
          ],
        },
        { text: 'done' },
      );
      const notices: string[] = [];
      const session = await openHostSession(await settings(), {
        answeredBy: 'test',
        notice: (line) => notices.push(line),
        env: { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
        purpose: { kind: 'agent' },
        mode: () => 'auto',
        checkpoints: { directory: join(sessionDirectory(stateDir, 'broken'), 'checkpoints') },
      });
      try {
        // The store goes away under the session: no checkpoint can be taken any more.
        await session.checkpoints!.close();
        const turn = session.prompt('read, then write');
        const results: { status: string; code?: string }[] = [];
        for await (const event of turn) {
          if (event.type === 'tool-result') {
            const { result } = event;
            results.push(
              result.status === 'failure'
                ? { status: 'failure', code: result.error.code }
                : { status: result.status },
            );
          }
        }
        expect(results).toEqual([{ status: 'success' }, { status: 'failure', code: 'checkpoint_failed' }]);
        expect(await read('notes.txt')).toBe('one\ntwo\n');
        expect(notices.some((line) => line.startsWith('checkpoints: no checkpoint of this turn'))).toBe(true);
      } finally {
        await session.close();
      }
    } finally {
      await server.close();
    }
  });

  it('lets a later process (toolgate rewind) restore a closed session’s turn, refusing what changed since unless forced', async () => {
    const server = await startFakeModelServer();
    const directory = join(sessionDirectory(stateDir, 'session-two'), 'checkpoints');
    try {
      server.reply(
        {
          toolCalls: [
            { name: 'bash', arguments: { command: 'echo changed > notes.txt && echo x > extra.txt' } },
          ],
        },
        { text: 'done' },
      );
      const session = await openHostSession(await settings(), {
        answeredBy: 'test',
        notice: () => {},
        env: { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
        purpose: { kind: 'agent' },
        mode: () => 'auto',
        checkpoints: { directory },
      });
      await session.prompt('change things').result;
      await session.close();
    } finally {
      await server.close();
    }
    await writeFile(join(root, 'extra.txt'), 'edited by the person\n');
    const checkpoints = await openSessionCheckpoints(await settings(), { directory });
    try {
      expect(await checkpoints.restore(1)).toMatchObject({
        status: 'refused',
        code: 'changed_outside',
        paths: ['extra.txt'],
      });
      expect(await read('notes.txt')).toBe('changed\n');
      expect(await checkpoints.restore(1, { force: true })).toMatchObject({
        status: 'restored',
        restored: ['notes.txt'],
        deleted: ['extra.txt'],
      });
      expect(await read('notes.txt')).toBe('one\ntwo\n');
    } finally {
      await checkpoints.close();
    }
  });
});

describe('checkpoints of a host that prompts at once (toolgate run)', () => {
  it("takes the turn's checkpoint once its first request was answered: what changed while it waited is not the turn's", async () => {
    const server = await startFakeModelServer();
    const directory = join(sessionDirectory(stateDir, 'session-at-once'), 'checkpoints');
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    try {
      server.reply(
        {
          toolCalls: [{ name: 'write_file', arguments: { path: 'src/new.txt', content: 'written\n' } }],
          hold: answered,
        },
        { text: 'done' },
      );
      const session = await openHostSession(await settings('danger-full-access'), {
        answeredBy: 'test',
        notice: () => {},
        env: { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
        purpose: { kind: 'agent' },
        mode: () => 'auto',
        checkpoints: { directory },
        promptsAtOnce: true,
      });
      try {
        const turn = session.prompt('write a file');
        // The request has arrived and waits for its answer; meanwhile the person edits a file.
        for (let attempt = 0; attempt < 600 && server.requests.length === 0; attempt++)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect(server.requests).toHaveLength(1);
        await writeFile(join(root, 'notes.txt'), 'edited while the model thought\n');
        answer();
        expect((await turn.result).stopReason).toBe('completed');
        const checkpoints = session.checkpoints!;
        expect(await checkpoints.list()).toMatchObject([{ turn: 1, changed: ['src/new.txt'] }]);
        expect(await checkpoints.restore(1)).toMatchObject({ status: 'restored', deleted: ['src/new.txt'] });
        expect(existsSync(join(root, 'src/new.txt'))).toBe(false);
        expect(await read('notes.txt')).toBe('edited while the model thought\n');
      } finally {
        await session.close();
      }
    } finally {
      answer();
      await server.close();
    }
  });
});
