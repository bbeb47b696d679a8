import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFsKit } from '../test-support/fs-kit.js';

const CHILD = fileURLToPath(new URL('../test-support/write-file-child.mjs', import.meta.url));
const BUILT = existsSync(fileURLToPath(new URL('../../dist/index.js', import.meta.url)));
const SIZE = 200 * 1024 * 1024;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function spawnChild(args: readonly string[], shellPrefix?: string): ChildProcess {
  if (!shellPrefix) return spawn(process.execPath, [CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const quoted = [process.execPath, CHILD, ...args]
    .map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`)
    .join(' ');
  return spawn('sh', ['-c', `${shellPrefix}; exec ${quoted}`], { stdio: ['ignore', 'pipe', 'pipe'] });
}

function collect(
  child: ChildProcess,
): Promise<{ stdout: string; stderr: string; signal: NodeJS.Signals | null }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (_code, signal) => resolve({ stdout, stderr, signal })));
}

async function temporaryFiles(directory: string): Promise<string[]> {
  return (await readdir(directory)).filter((name) => name.endsWith('.toolgate-tmp'));
}

/** Polls until a temporary file of at least `bytes` exists beside the target (or the child ended). */
async function waitForTemporary(directory: string, bytes: number, done: () => boolean): Promise<boolean> {
  while (!done()) {
    for (const name of await temporaryFiles(directory)) {
      const size = await stat(join(directory, name)).then(
        (stats) => stats.size,
        () => -1,
      );
      if (size >= bytes) return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return false;
}

describe.skipIf(!BUILT)('write_file crash safety (child processes; needs `pnpm build`)', () => {
  it('leaves the old content or the new when killed with SIGKILL while overwriting 200 MB', async () => {
    const t = await createFsKit();
    const oldText = 'a'.repeat(SIZE);
    const target = join(t.root, 'big.txt');
    const hashes = { old: sha256(oldText), new: sha256('b'.repeat(SIZE)) };
    await writeFile(target, oldText);
    let killedMidWrite = 0;
    for (const threshold of [1, SIZE / 2, SIZE]) {
      const child = spawnChild([t.root, 'big.txt', 'overwrite', String(SIZE), 'b']);
      let ended = false;
      const outcome = collect(child).finally(() => {
        ended = true;
      });
      if (await waitForTemporary(t.root, threshold, () => ended)) {
        child.kill('SIGKILL');
        killedMidWrite++;
      }
      const { signal } = await outcome;
      const hash = await hashFile(target);
      expect([hashes.old, hashes.new]).toContain(hash);
      expect((await stat(target)).size).toBe(SIZE);
      if (signal !== 'SIGKILL') expect(hash).toBe(hashes.new);
      // A killed writer cannot clean up after itself; its temporary file is the only trace.
      for (const name of await temporaryFiles(t.root)) await writeFile(join(t.root, name), '');
    }
    expect(killedMidWrite).toBeGreaterThan(0);
  }, 120_000);

  it('removes its temporary file and keeps the old content when the write fails', async () => {
    const t = await createFsKit();
    await t.write('a.txt', 'old content');
    // A file-size limit makes the write fail with EFBIG half-way (Node ignores SIGXFSZ).
    const child = spawnChild([t.root, 'a.txt', 'overwrite', String(4 * 1024 * 1024), 'z'], 'ulimit -f 128');
    const { stdout, stderr } = await collect(child);
    expect(stderr).toBe('');
    const result = JSON.parse(stdout.split('\n').at(-1) ?? '');
    expect(result).toMatchObject({
      status: 'failure',
      error: { code: 'io_error', details: { systemCode: 'EFBIG' } },
    });
    expect(await readdir(t.root)).toEqual(['a.txt']);
    expect(await readFile(join(t.root, 'a.txt'), 'utf8')).toBe('old content');
  });

  it('takes a failed append back to the original length, so a retry cannot duplicate data', async () => {
    const t = await createFsKit();
    const original = 'a'.repeat(40 * 1024);
    await t.write('log.txt', original);
    // `ulimit -f 128` (dash: 512-byte blocks) stops the file at 64 KiB: the append fails half-way.
    const child = spawnChild([t.root, 'log.txt', 'append', String(4 * 1024 * 1024), 'z'], 'ulimit -f 128');
    const { stdout, stderr } = await collect(child);
    expect(stderr).toBe('');
    const result = JSON.parse(stdout.split('\n').at(-1) ?? '');
    expect(result).toMatchObject({
      status: 'failure',
      error: { code: 'io_error', details: { systemCode: 'EFBIG' } },
    });
    expect(result.error.message).toContain(
      `nothing was appended: the file is back to its original ${original.length} bytes`,
    );
    expect(await readFile(join(t.root, 'log.txt'), 'utf8')).toBe(original);
    expect(await readdir(t.root)).toEqual(['log.txt']);
  });

  it('leaves nothing behind when a create fails half-way', async () => {
    const t = await createFsKit();
    const child = spawnChild([t.root, 'new.txt', 'create', String(4 * 1024 * 1024), 'z'], 'ulimit -f 128');
    const { stdout } = await collect(child);
    expect(JSON.parse(stdout.split('\n').at(-1) ?? '')).toMatchObject({
      status: 'failure',
      error: { code: 'io_error', details: { systemCode: 'EFBIG' } },
    });
    expect(await readdir(t.root)).toEqual([]);
  });
});
