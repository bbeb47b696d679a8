import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRegularFile } from './read-regular-file.js';

const HAS_MKFIFO = spawnSync('mkfifo', ['--version']).status === 0;

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-read-regular-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('readRegularFile', () => {
  it('reads a regular file whole, with its mode', async () => {
    await writeFile(join(root, 'a.txt'), 'é€😀\n', { mode: 0o640 });
    expect(await readRegularFile(join(root, 'a.txt'), { maxBytes: 100 })).toEqual({
      kind: 'file',
      bytes: Buffer.from('é€😀\n'),
      mode: 0o640,
    });
  });

  it('tells a missing path, a directory and a symbolic link apart', async () => {
    await mkdir(join(root, 'dir'));
    await symlink('dir', join(root, 'link'));
    expect(await readRegularFile(join(root, 'none'), { maxBytes: 100 })).toEqual({ kind: 'missing' });
    expect(await readRegularFile(join(root, 'dir'), { maxBytes: 100 })).toEqual({ kind: 'directory' });
    expect(await readRegularFile(join(root, 'link'), { maxBytes: 100 })).toEqual({ kind: 'symbolic_link' });
  });

  it('does not read a file over the limit, however large', async () => {
    await writeFile(join(root, 'big'), '');
    await truncate(join(root, 'big'), 1_200_000_000);
    expect(await readRegularFile(join(root, 'big'), { maxBytes: 1000 })).toEqual({
      kind: 'too_large',
      size: 1_200_000_000,
      limit: 1000,
    });
  });

  it('refuses a socket as not regular', async () => {
    const server = createServer();
    await new Promise<void>((done) => server.listen(join(root, 'sock'), done));
    try {
      expect(await readRegularFile(join(root, 'sock'), { maxBytes: 100 })).toEqual({ kind: 'not_regular' });
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it.skipIf(!HAS_MKFIFO)('refuses a FIFO without waiting for a writer (skipped without mkfifo)', async () => {
    expect(spawnSync('mkfifo', [join(root, 'pipe')]).status).toBe(0);
    // Should the FIFO be read, this writer ends the read after a few seconds and the test fails.
    const writer = spawn('sh', ['-c', 'sleep 3; printf x > "$0"', join(root, 'pipe')], { stdio: 'ignore' });
    try {
      expect(await readRegularFile(join(root, 'pipe'), { maxBytes: 100 })).toEqual({ kind: 'not_regular' });
    } finally {
      writer.kill('SIGKILL');
    }
  });

  it('refuses a device as not regular', async () => {
    expect(await readRegularFile('/dev/null', { maxBytes: 100 })).toEqual({ kind: 'not_regular' });
  });
});
