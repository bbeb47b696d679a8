import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertOpenedAt } from './opened-at.js';
import { isPathChangedError } from './pin-directory.js';
import { readRegularFile } from './read-regular-file.js';

const linux = process.platform === 'linux';
let base: string;
let inside: string;

/** A workspace whose `sub/f.txt` was checked, then `sub` swapped for a symlink to a directory outside. */
function swapSubForLink(): void {
  renameSync(join(base, 'root', 'sub'), join(base, 'root', 'sub.real'));
  symlinkSync(join(base, 'outside'), join(base, 'root', 'sub'));
}

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-opened-at-')));
  mkdirSync(join(base, 'root', 'sub'), { recursive: true });
  mkdirSync(join(base, 'outside'));
  writeFileSync(join(base, 'root', 'sub', 'f.txt'), 'inside\n');
  writeFileSync(join(base, 'outside', 'f.txt'), 'OUTSIDE\n');
  inside = join(base, 'root', 'sub', 'f.txt');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe.runIf(linux)('assertOpenedAt', () => {
  it('passes for the file at the checked real path', async () => {
    const fd = openSync(inside, 'r');
    try {
      await expect(assertOpenedAt(fd, inside)).resolves.toBeUndefined();
    } finally {
      closeSync(fd);
    }
  });

  it('refuses a file reached through a directory swapped for a symlink after the check', async () => {
    swapSubForLink();
    // O_NOFOLLOW guards only the last component: this open lands outside.
    const fd = openSync(inside, 'r');
    try {
      const error = await assertOpenedAt(fd, inside).catch((caught: unknown) => caught);
      expect(isPathChangedError(error)).toBe(true);
      expect((error as Error).message).toContain('is no longer the file that was checked');
    } finally {
      closeSync(fd);
    }
  });
});

describe.runIf(linux)('readRegularFile of a checked real path', () => {
  it('reads the file when nothing moved', async () => {
    const read = await readRegularFile(inside, { maxBytes: 1024, checkedRealPath: true });
    expect(read).toMatchObject({ kind: 'file' });
    expect(read.kind === 'file' && read.bytes.toString()).toBe('inside\n');
  });

  it('never returns the bytes of a file outside when a directory on the way was swapped', async () => {
    swapSubForLink();
    const error = await readRegularFile(inside, { maxBytes: 1024, checkedRealPath: true }).catch(
      (caught: unknown) => caught,
    );
    expect(isPathChangedError(error)).toBe(true);
  });
});
