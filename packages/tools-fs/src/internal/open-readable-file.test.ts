import { constants, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openReadableFile } from './open-readable-file.js';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function workspaceWith(text: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'toolgate-open-file-'));
  directories.push(directory);
  writeFileSync(join(directory, 'file.txt'), text);
  return directory;
}

describe('openReadableFile', () => {
  it('reads at a position, reports the size, and closes its descriptor', async () => {
    const directory = workspaceWith('hello world');
    const file = await openReadableFile(join(directory, 'file.txt'), constants.O_RDONLY);
    expect((await file.stat()).size).toBe(11);
    const buffer = Buffer.alloc(5);
    expect(await file.read(buffer, 0, 5, 6)).toEqual({ bytesRead: 5 });
    expect(buffer.toString()).toBe('world');
    expect(await file.read(buffer, 0, 5, 11)).toEqual({ bytesRead: 0 });
    await file.close();
    await expect(file.stat()).rejects.toMatchObject({ code: 'EBADF' });
  });

  it('fails as fs/promises would: the same error codes for a missing file and a refused symlink', async () => {
    const directory = workspaceWith('x');
    symlinkSync(join(directory, 'file.txt'), join(directory, 'link'));
    await expect(openReadableFile(join(directory, 'missing'), constants.O_RDONLY)).rejects.toMatchObject({
      code: 'ENOENT',
      syscall: 'open',
    });
    await expect(
      openReadableFile(join(directory, 'link'), constants.O_RDONLY | constants.O_NOFOLLOW),
    ).rejects.toMatchObject({ code: 'ELOOP' });
  });
});
