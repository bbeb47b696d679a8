import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace } from './create-workspace.js';
import type { ReadPolicy, ReadPolicyQuery } from './read-policy.js';

let base: string;
let root: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-read-policy-')));
  root = join(base, 'root');
  await mkdir(join(root, 'deploy', 'keys'), { recursive: true });
  await writeFile(join(root, 'deploy', 'keys', 'prod.txt'), 'KEY');
  await writeFile(join(root, 'notes.txt'), 'notes');
  await symlink('deploy/keys/prod.txt', join(root, 'innocent.txt'));
  await mkdir(join(base, 'state', 'toolgate'), { recursive: true });
  await writeFile(join(base, 'state', 'toolgate', 'token'), 'TOKEN');
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Denies `deploy/keys` and everything under it, recording every question. */
function denyKeys(asked: ReadPolicyQuery[]): ReadPolicy {
  return (query) => {
    asked.push(query);
    return query.displayPath === 'deploy/keys' || query.displayPath.startsWith('deploy/keys/')
      ? { message: `denied ${query.displayPath}`, details: { rule: 'Read(deploy/keys/**)' } }
      : undefined;
  };
}

describe('the read policy', () => {
  it('is asked on the real path: a link to a denied file is refused by resolveReadable', async () => {
    const asked: ReadPolicyQuery[] = [];
    const workspace = createWorkspace({ root, readPolicy: denyKeys(asked) });
    expect(await workspace.resolveReadable('innocent.txt')).toEqual({
      status: 'failure',
      error: {
        code: 'path_denied',
        message: 'denied deploy/keys/prod.txt',
        details: { rule: 'Read(deploy/keys/**)' },
      },
    });
    expect(asked).toEqual([
      {
        realPath: join(root, 'deploy', 'keys', 'prod.txt'),
        displayPath: 'deploy/keys/prod.txt',
        directory: false,
      },
    ]);
    expect((await workspace.resolveReadable('notes.txt')).status).toBe('success');
  });

  it('answers checkReadable synchronously for files and directories, boundary and secrets first', () => {
    const asked: ReadPolicyQuery[] = [];
    const workspace = createWorkspace({ root, readPolicy: denyKeys(asked) });
    expect(workspace.checkReadable(join(root, 'deploy', 'keys'), { directory: true })).toEqual({
      status: 'failure',
      error: {
        code: 'path_denied',
        message: 'denied deploy/keys',
        details: { rule: 'Read(deploy/keys/**)' },
      },
    });
    expect(workspace.checkReadable(join(root, 'deploy'), { directory: true })).toBeUndefined();
    expect(workspace.checkReadable(join(root, 'a', '.env'))?.error.code).toBe('secret_file');
    expect(workspace.checkReadable(join(base, 'elsewhere.txt'))?.error.code).toBe('path_outside_workspace');
    expect(asked.map((query) => [query.displayPath, query.directory])).toEqual([
      ['deploy/keys', true],
      ['deploy', true],
    ]);
  });

  it('never reaches an unreachable path, whatever a read root or allowOutsideWorkspace allows', async () => {
    const state = join(base, 'state', 'toolgate');
    for (const options of [{ readRoots: [base] }, { allowOutsideWorkspace: true }]) {
      const workspace = createWorkspace({ root, unreachablePaths: [state], ...options });
      const read = await workspace.resolveReadable(join(state, 'token'));
      expect(read.status === 'failure' && read.error.code).toBe('path_protected');
      const write = await workspace.resolveWritable(join(state, 'new'));
      expect(write.status === 'failure' && write.error.code).toBe(
        'allowOutsideWorkspace' in options ? 'path_protected' : 'path_outside_workspace',
      );
      expect(workspace.checkReadable(state, { directory: true })?.error.code).toBe('path_protected');
      expect(workspace.checkReadable(join(base, 'state'), { directory: true })).toBeUndefined();
    }
  });

  it('protects an unreachable path that does not exist yet by where it will be', async () => {
    await symlink(join(base, 'state'), join(base, 'linked-state'));
    const workspace = createWorkspace({
      root,
      allowOutsideWorkspace: true,
      unreachablePaths: [join(base, 'linked-state', 'later')],
    });
    const write = await workspace.resolveWritable(join(base, 'state', 'later', 'sessions', 'a.json'));
    expect(write.status === 'failure' && write.error.code).toBe('path_protected');
  });
});
