import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  mkdir,
  mkdtemp,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Checkpoints, CheckpointsOptions } from './checkpoints.js';
import { openCheckpoints } from './open-checkpoints.js';

const run = promisify(execFile);

/** The host's exclusion, in small: protected segments and secret names are never looked at. */
const exclude: CheckpointsOptions['exclude'] = (path) => {
  const name = basename(path);
  return name === '.git' || name === 'node_modules' || name === '.env';
};

let base: string;
let root: string;
let directory: string;
const opened: Checkpoints[] = [];

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-checkpoints-')));
  root = join(base, 'workspace');
  directory = join(base, 'state', 'sessions', 'one', 'checkpoints');
  await mkdir(join(root, 'src', 'deep'), { recursive: true });
  await mkdir(join(root, '.git'));
  await mkdir(join(root, 'node_modules', 'dep'), { recursive: true });
  await writeFile(join(root, 'src', 'a.txt'), 'alpha\n');
  await writeFile(join(root, 'src', 'deep', 'b.txt'), 'beta\n');
  await writeFile(join(root, 'keep.txt'), 'kept\n');
  await writeFile(join(root, '.env'), 'TOKEN=one\n');
  await writeFile(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  await writeFile(join(root, 'node_modules', 'dep', 'index.js'), 'module.exports = 1;\n');
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((checkpoints) => checkpoints.close()));
  await rm(base, { recursive: true, force: true });
});

async function open(options: Partial<CheckpointsOptions> = {}): Promise<Checkpoints> {
  const checkpoints = await openCheckpoints({ workspaceRoot: root, directory, exclude, ...options });
  opened.push(checkpoints);
  return checkpoints;
}

const read = (path: string) => readFile(join(root, path), 'utf8');

/** A turn of changes the way bash makes them: `sed -i`, `rm`, a new file, `mv`, a new directory. */
async function bashLikeTurn(): Promise<void> {
  await run(
    'sh',
    [
      '-c',
      "sed -i 's/alpha/ALPHA/' src/a.txt && rm keep.txt && echo new > new.txt && mv src/deep/b.txt src/moved.txt && mkdir -p made/sub && echo x > made/sub/c.txt",
    ],
    { cwd: root },
  );
}

describe.each(['watch', 'scan'] as const)('openCheckpoints (%s)', (tracking) => {
  it('restores what a turn changed by a child process and removes what it created', async () => {
    const checkpoints = await open({ tracking });
    await checkpoints.beforeTurn(1);
    await bashLikeTurn();
    const turn = await checkpoints.afterTurn(1);
    expect(turn.changed).toEqual([
      'keep.txt',
      'made/sub/c.txt',
      'new.txt',
      'src/a.txt',
      'src/deep/b.txt',
      'src/moved.txt',
    ]);
    expect(checkpoints.tracking).toBe(tracking);

    const result = await checkpoints.restore(1);
    expect(result).toMatchObject({ status: 'restored', turn: 1, skipped: [] });
    expect(await read('src/a.txt')).toBe('alpha\n');
    expect(await read('keep.txt')).toBe('kept\n');
    expect(await read('src/deep/b.txt')).toBe('beta\n');
    expect(existsSync(join(root, 'new.txt'))).toBe(false);
    expect(existsSync(join(root, 'src/moved.txt'))).toBe(false);
    expect(existsSync(join(root, 'made/sub/c.txt'))).toBe(false);
    expect(await checkpoints.list()).toEqual([]);
  });

  it('goes back several turns at once, to the state before the turn named', async () => {
    const checkpoints = await open({ tracking });
    await checkpoints.beforeTurn(1);
    await writeFile(join(root, 'src/a.txt'), 'one\n');
    await checkpoints.afterTurn(1);
    await checkpoints.beforeTurn(2);
    await writeFile(join(root, 'src/a.txt'), 'two\n');
    await writeFile(join(root, 'two.txt'), '2\n');
    await checkpoints.afterTurn(2);
    await checkpoints.beforeTurn(3);
    await unlink(join(root, 'src/a.txt'));
    await checkpoints.afterTurn(3);
    expect((await checkpoints.list()).map((turn) => turn.turn)).toEqual([1, 2, 3]);

    expect(await checkpoints.restore(2)).toMatchObject({
      status: 'restored',
      restored: ['src/a.txt'],
      deleted: ['two.txt'],
    });
    expect(await read('src/a.txt')).toBe('one\n');
    expect((await checkpoints.list()).map((turn) => turn.turn)).toEqual([1]);
    expect(await checkpoints.restore(1)).toMatchObject({ status: 'restored', restored: ['src/a.txt'] });
    expect(await read('src/a.txt')).toBe('alpha\n');
  });

  it('puts a file back where a turn moved a directory that still holds empty directories', async () => {
    await mkdir(join(root, 'src', 'empty', 'inner'), { recursive: true });
    const checkpoints = await open({ tracking });
    await checkpoints.beforeTurn(1);
    await unlink(join(root, 'keep.txt'));
    await rename(join(root, 'src'), join(root, 'keep.txt'));
    await checkpoints.afterTurn(1);

    expect(await checkpoints.restore(1)).toMatchObject({
      status: 'restored',
      restored: ['keep.txt', 'src/a.txt', 'src/deep/b.txt'],
      deleted: ['keep.txt/deep/b.txt', 'keep.txt/a.txt'],
      skipped: [],
    });
    expect(await read('keep.txt')).toBe('kept\n');
    expect(await read('src/deep/b.txt')).toBe('beta\n');
  });

  it('leaves a directory in the way of a file when it holds what is not tracked (an excluded file)', async () => {
    const checkpoints = await open({ tracking });
    await checkpoints.beforeTurn(1);
    await unlink(join(root, 'keep.txt'));
    await mkdir(join(root, 'keep.txt', 'empty', 'inner'), { recursive: true });
    await writeFile(join(root, 'keep.txt', 'empty', '.env'), 'TOKEN=two\n');
    await checkpoints.afterTurn(1);

    expect(await checkpoints.restore(1)).toMatchObject({
      status: 'restored',
      skipped: [{ path: 'keep.txt', reason: 'a directory that is not empty is in the way' }],
    });
    expect(await read('keep.txt/empty/.env')).toBe('TOKEN=two\n');
    expect(existsSync(join(root, 'keep.txt', 'empty', 'inner'))).toBe(true);
  });

  it('refuses, listing them, files changed outside toolgate since the checkpoint, and overwrites them with force', async () => {
    const checkpoints = await open({ tracking });
    await checkpoints.beforeTurn(1);
    await writeFile(join(root, 'src/a.txt'), 'by the turn\n');
    await writeFile(join(root, 'keep.txt'), 'by the turn\n');
    await checkpoints.afterTurn(1);
    // The person edits between turns, and again during turn 2 nothing touches it.
    await writeFile(join(root, 'src/a.txt'), 'by the person\n');
    await checkpoints.beforeTurn(2);
    await checkpoints.afterTurn(2);

    const refused = await checkpoints.restore(1);
    expect(refused).toMatchObject({
      status: 'refused',
      code: 'changed_outside',
      paths: ['src/a.txt'],
      turns: [1, 2],
    });
    expect(await read('src/a.txt')).toBe('by the person\n');
    expect(await read('keep.txt')).toBe('by the turn\n');

    expect(await checkpoints.restore(1, { force: true })).toMatchObject({
      status: 'restored',
      restored: ['keep.txt', 'src/a.txt'],
    });
    expect(await read('src/a.txt')).toBe('alpha\n');
    expect(await read('keep.txt')).toBe('kept\n');
  });

  it('never copies, lists or restores protected paths and secrets', async () => {
    const checkpoints = await open({ tracking });
    await checkpoints.beforeTurn(1);
    await writeFile(join(root, '.env'), 'TOKEN=two\n');
    await writeFile(join(root, '.git', 'HEAD'), 'ref: refs/heads/other\n');
    await writeFile(join(root, 'node_modules', 'dep', 'index.js'), 'module.exports = 2;\n');
    await writeFile(join(root, 'src', 'a.txt'), 'changed\n');
    const turn = await checkpoints.afterTurn(1);
    expect(turn.changed).toEqual(['src/a.txt']);
    await checkpoints.restore(1);
    expect(await read('.env')).toBe('TOKEN=two\n');
    expect(await read('.git/HEAD')).toBe('ref: refs/heads/other\n');
    expect(await read('node_modules/dep/index.js')).toBe('module.exports = 2;\n');
    const store = await run('grep', ['-rl', 'TOKEN=one', directory]).catch(
      (error: { code: number }) => error.code,
    );
    expect(store).toBe(1);
  });

  it('records links as links (never following them) and permissions', async () => {
    await writeFile(join(root, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
    await symlink('src/a.txt', join(root, 'link'));
    const checkpoints = await open({ tracking });
    await checkpoints.beforeTurn(1);
    await unlink(join(root, 'link'));
    await symlink('keep.txt', join(root, 'link'));
    await rm(join(root, 'run.sh'));
    await checkpoints.afterTurn(1);
    await checkpoints.restore(1);
    expect(await read('link')).toBe('alpha\n');
    expect((await stat(join(root, 'run.sh'))).mode & 0o777).toBe(0o755);
  });

  it('never reads or writes through a directory swapped for a link to outside the workspace', async () => {
    const outside = join(base, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'credentials'), 'OUTSIDE-BYTES\n');
    const checkpoints = await open({ tracking });
    await checkpoints.beforeTurn(1);
    await run(
      'sh',
      [
        '-c',
        `mv src src-old && ln -s '${outside}' src && echo more >> src-old/a.txt && echo more >> src/credentials`,
      ],
      { cwd: root },
    );
    const turn = await checkpoints.afterTurn(1);
    expect(turn.changed).toEqual([
      'src',
      'src-old/a.txt',
      'src-old/deep/b.txt',
      'src/a.txt',
      'src/deep/b.txt',
    ]);
    const store = await run('grep', ['-rl', 'OUTSIDE-BYTES', directory]).catch(
      (error: { code: number }) => error.code,
    );
    expect(store).toBe(1);
    expect(await checkpoints.restore(1)).toMatchObject({ status: 'restored', skipped: [] });
    expect(await read('src/a.txt')).toBe('alpha\n');
    expect(existsSync(join(root, 'src-old'))).toBe(true); // the emptied directory stays
    expect(await readFile(join(outside, 'credentials'), 'utf8')).toBe('OUTSIDE-BYTES\nmore\n');
  });

  it('attributes what a background process writes to the turn in which it is observed', async () => {
    const signals = await mkdtemp(join(tmpdir(), 'toolgate-checkpoints-signal-'));
    const go = join(signals, 'go');
    const done = join(signals, 'done');
    const checkpoints = await open({ tracking });
    await checkpoints.beforeTurn(1);
    const child = spawn(
      'sh',
      ['-c', `while [ ! -e '${go}' ]; do sleep 0.05; done; echo late > bg.txt; touch '${done}'`],
      {
        cwd: root,
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    expect((await checkpoints.afterTurn(1)).changed).toEqual([]);
    await checkpoints.beforeTurn(2);
    await writeFile(go, '');
    await exited;
    expect((await checkpoints.afterTurn(2)).changed).toEqual(['bg.txt']);
    await checkpoints.restore(2);
    expect(existsSync(join(root, 'bg.txt'))).toBe(false);
    await rm(signals, { recursive: true, force: true });
  });

  it('is reopened by a later process: lists and restores its turns, and sees what changed meanwhile', async () => {
    const first = await open({ tracking });
    await first.beforeTurn(1);
    await bashLikeTurn();
    await first.afterTurn(1);
    await first.close();

    const second = await open({ tracking });
    expect((await second.list()).map((turn) => turn.turn)).toEqual([1]);
    await writeFile(join(root, 'new.txt'), 'edited after the session\n');
    expect(await second.restore(1)).toMatchObject({
      status: 'refused',
      code: 'changed_outside',
      paths: ['new.txt'],
    });
    expect(await second.restore(1, { force: true })).toMatchObject({ status: 'restored' });
    expect(await read('src/a.txt')).toBe('alpha\n');
    expect(existsSync(join(root, 'new.txt'))).toBe(false);
  });
});

describe('openCheckpoints', () => {
  it('keeps its store private: the directory 0700, its files 0600', async () => {
    const checkpoints = await open();
    await checkpoints.beforeTurn(1);
    await checkpoints.afterTurn(1);
    expect((await stat(directory)).mode & 0o777).toBe(0o700);
    for (const name of ['journal.jsonl', 'blobs.pack']) {
      expect((await stat(join(directory, name))).mode & 0o777).toBe(0o600);
    }
  });

  it('tracks files past the size limits by their metadata only, and a rewind lists them as skipped', async () => {
    await writeFile(join(root, 'big.bin'), Buffer.alloc(64, 1));
    const checkpoints = await open({ maxFileBytes: 32 });
    await checkpoints.beforeTurn(1);
    await writeFile(join(root, 'big.bin'), Buffer.alloc(64, 2));
    await writeFile(join(root, 'src/a.txt'), 'changed\n');
    expect((await checkpoints.afterTurn(1)).changed).toEqual(['big.bin', 'src/a.txt']);
    expect(await checkpoints.restore(1)).toMatchObject({
      restored: ['src/a.txt'],
      skipped: [{ path: 'big.bin', reason: 'too large to have been kept' }],
    });
    expect(await read('src/a.txt')).toBe('alpha\n');
  });

  it('copies nothing more once the store holds its limit', async () => {
    const checkpoints = await open({ maxStoreBytes: 8 });
    await checkpoints.beforeTurn(1);
    await writeFile(join(root, 'src/a.txt'), 'changed\n');
    await checkpoints.afterTurn(1);
    expect(await checkpoints.restore(1)).toMatchObject({ skipped: [{ path: 'src/a.txt' }] });
    expect((await stat(join(directory, 'blobs.pack'))).size).toBeLessThanOrEqual(8);
  });

  it('says which turns exist when asked for one that does not', async () => {
    const checkpoints = await open();
    await checkpoints.beforeTurn(1);
    await checkpoints.afterTurn(1);
    expect(await checkpoints.restore(4)).toMatchObject({
      status: 'refused',
      code: 'no_such_turn',
      turns: [1],
    });
  });

  it('drops a torn last journal record instead of failing', async () => {
    const first = await open();
    await first.beforeTurn(1);
    await writeFile(join(root, 'src/a.txt'), 'one\n');
    await first.afterTurn(1);
    await first.close();
    await writeFile(
      join(directory, 'journal.jsonl'),
      `${await readFile(join(directory, 'journal.jsonl'), 'utf8')}{"k":"start","tu`,
    );
    const second = await open();
    expect((await second.list()).map((turn) => turn.turn)).toEqual([1]);
    await second.beforeTurn(2);
    await second.afterTurn(2);
    expect((await second.list()).map((turn) => turn.turn)).toEqual([1, 2]);
  });

  it('restores no bytes a power loss left unwritten: a content that fails its digest is skipped', async () => {
    const first = await open();
    await first.beforeTurn(1);
    await writeFile(join(root, 'src/a.txt'), 'one\n');
    await first.afterTurn(1);
    await first.close();
    // The pack keeps its length but not its bytes (delayed allocation after a power loss).
    const pack = join(directory, 'blobs.pack');
    await writeFile(pack, Buffer.alloc((await stat(pack)).size));
    const second = await open();
    expect(await second.restore(1)).toMatchObject({
      status: 'restored',
      restored: [],
      skipped: [{ path: 'src/a.txt', reason: 'its content is missing from the store' }],
    });
    expect(await read('src/a.txt')).toBe('one\n');
  });

  it('tracks a directory renamed within the workspace as the paths it moves', async () => {
    const checkpoints = await open();
    await checkpoints.beforeTurn(1);
    await rename(join(root, 'src'), join(root, 'lib'));
    await writeFile(join(root, 'lib', 'deep', 'b.txt'), 'changed after the move\n');
    const turn = await checkpoints.afterTurn(1);
    expect(turn.changed).toEqual(['lib/a.txt', 'lib/deep/b.txt', 'src/a.txt', 'src/deep/b.txt']);
    await checkpoints.restore(1);
    expect(await read('src/deep/b.txt')).toBe('beta\n');
    expect(existsSync(join(root, 'lib', 'a.txt'))).toBe(false);
  });

  it('rejects misuse: a turn that has not started, a relative directory', async () => {
    const checkpoints = await open();
    await expect(checkpoints.afterTurn(1)).rejects.toThrow(/not running/);
    await expect(openCheckpoints({ workspaceRoot: root, directory: 'relative', exclude })).rejects.toThrow(
      /absolute/,
    );
  });
});
