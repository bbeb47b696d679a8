import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace } from './create-workspace.js';

let directory: string;
let root: string;
let state: string;
let spill: string;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-session-roots-')));
  root = join(directory, 'repo');
  state = join(directory, 'state');
  spill = join(state, 'sessions', 'mine', 'spill');
  await mkdir(root);
  await mkdir(spill, { recursive: true });
  await mkdir(join(state, 'sessions', 'theirs', 'spill'), { recursive: true });
  await writeFile(join(spill, '1-bash-stdout.txt'), 'mine\n');
  await writeFile(join(state, 'sessions', 'theirs', 'spill', '1-bash-stdout.txt'), 'theirs\n');
  await writeFile(join(state, 'sessions', 'mine', 'record.json'), '{}\n');
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const workspace = (allowOutsideWorkspace = false) =>
  createWorkspace({ root, unreachablePaths: [state], sessionReadRoots: [spill], allowOutsideWorkspace });

describe('session read roots', () => {
  it('reads a file named inside the root, and nothing else of the unreachable directory', async () => {
    for (const outside of [false, true]) {
      const space = workspace(outside);
      const mine = await space.resolveReadable(join(spill, '1-bash-stdout.txt'));
      expect(mine.status).toBe('success');
      await symlink(join(spill, '1-bash-stdout.txt'), join(root, `link-${outside}`));
      await symlink(join(state, 'sessions', 'mine', 'record.json'), join(spill, `escape-${outside}`));
      for (const path of [
        join(state, 'sessions', 'theirs', 'spill', '1-bash-stdout.txt'),
        join(state, 'sessions', 'mine', 'record.json'),
        `${spill}/../record.json`,
        `${spill}/../../theirs/spill/1-bash-stdout.txt`,
        `link-${outside}`,
        join(spill, `escape-${outside}`),
      ]) {
        const result = await space.resolveReadable(path);
        const code = result.status === 'failure' ? result.error.code : 'read';
        expect({
          path,
          outside,
          refused: ['path_protected', 'path_outside_workspace'].includes(code),
        }).toEqual({
          path,
          outside,
          refused: true,
        });
      }
    }
  });

  it('is never written, and walkers asking by real path do not reach it', async () => {
    for (const outside of [false, true]) {
      const space = workspace(outside);
      const write = await space.resolveWritable(join(spill, '1-bash-stdout.txt'));
      expect(write.status).toBe('failure');
      const created = await space.resolveWritable(join(spill, 'new.txt'));
      expect(created.status).toBe('failure');
      expect(space.checkReadable(join(spill, '1-bash-stdout.txt'))).toBeDefined();
      expect(space.checkReadable(spill, { directory: true })).toBeDefined();
    }
  });

  it('refuses a relative entry', () => {
    expect(() => createWorkspace({ root, sessionReadRoots: ['spill'] })).toThrow(/absolute paths/);
  });
});
