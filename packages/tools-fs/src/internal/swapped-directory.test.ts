import {
  constants,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPathChangedError } from '@toolgate/core/workspace-io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openReadableFile } from './open-readable-file.js';
import { readTextForDiff } from './read-text-for-diff.js';

// A path checked as `root/sub/f.txt`, then `sub` swapped for a symlink to a directory outside.
let base: string;
let checked: string;
beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-swapped-')));
  mkdirSync(join(base, 'root', 'sub'), { recursive: true });
  mkdirSync(join(base, 'outside'));
  writeFileSync(join(base, 'root', 'sub', 'f.txt'), 'inside\n');
  writeFileSync(join(base, 'outside', 'f.txt'), 'OUTSIDE\n');
  checked = join(base, 'root', 'sub', 'f.txt');
  renameSync(join(base, 'root', 'sub'), join(base, 'root', 'sub.real'));
  symlinkSync(join(base, 'outside'), join(base, 'root', 'sub'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux')(
  'a file opened through a directory swapped after the check',
  () => {
    it('is refused by read_file’s open, not read', async () => {
      const error = await openReadableFile(checked, constants.O_RDONLY | constants.O_NOFOLLOW).catch(
        (caught: unknown) => caught,
      );
      expect(isPathChangedError(error)).toBe(true);
    });

    it('gives write_file’s approval diff no text from outside', async () => {
      expect(await readTextForDiff(checked)).toEqual({ omitted: 'unreadable' });
    });
  },
);
