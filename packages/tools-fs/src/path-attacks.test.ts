import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFsKit, type FsKit } from './test-support/fs-kit.js';

interface Attack {
  readonly name: string;
  readonly path: (t: FsKit) => string;
  /** Expected code for read_file ('success' when a read is fine). */
  readonly read: string;
  /** Expected code for write_file in every mode. */
  readonly write: string;
}

const ATTACKS: readonly Attack[] = [
  {
    name: 'a relative path climbing out',
    path: () => '../outside/secret.txt',
    read: 'path_outside_workspace',
    write: 'path_outside_workspace',
  },
  {
    name: 'an absolute path outside',
    path: (t) => join(t.outside, 'secret.txt'),
    read: 'path_outside_workspace',
    write: 'path_outside_workspace',
  },
  {
    name: 'a path in the home directory',
    path: () => '~/.bashrc',
    read: 'path_outside_workspace',
    write: 'path_outside_workspace',
  },
  {
    name: 'a symlinked file leading outside',
    path: () => 'link-file',
    read: 'path_outside_workspace',
    write: 'path_outside_workspace',
  },
  {
    name: 'a symlinked parent directory leading outside',
    path: () => 'link-dir/secret.txt',
    read: 'path_outside_workspace',
    write: 'path_outside_workspace',
  },
  {
    name: 'a new file under a symlinked directory',
    path: () => 'link-dir/sub/new.txt',
    read: 'path_outside_workspace',
    write: 'path_outside_workspace',
  },
  {
    name: 'a dangling symlink whose target is outside',
    path: () => 'dangling',
    read: 'path_outside_workspace',
    write: 'path_outside_workspace',
  },
  { name: 'a symlink loop', path: () => 'loop-a', read: 'invalid_arguments', write: 'invalid_arguments' },
  {
    name: 'a NUL byte',
    path: () => 'a\0/../../outside/secret.txt',
    read: 'invalid_arguments',
    write: 'invalid_arguments',
  },
  {
    name: 'a very long name',
    path: () => `${'x'.repeat(300)}.txt`,
    read: 'invalid_arguments',
    write: 'invalid_arguments',
  },
  { name: 'a git hook', path: () => '.git/hooks/pre-commit', read: 'success', write: 'path_protected' },
  {
    name: 'a new git hook',
    path: () => '.git/hooks/post-checkout',
    read: 'not_found',
    write: 'path_protected',
  },
  { name: 'a file in node_modules', path: () => 'node_modules/x', read: 'success', write: 'path_protected' },
  { name: 'a secret (.env)', path: () => '.env', read: 'secret_file', write: 'secret_file' },
  { name: 'a secret through dir/..', path: () => 'src/../.env', read: 'secret_file', write: 'secret_file' },
  {
    name: 'a secret in another case',
    path: () => 'src/Deploy.KEY',
    read: 'secret_file',
    write: 'secret_file',
  },
  {
    name: 'a link with an innocent name to a secret',
    path: () => 'src/notes.txt',
    read: 'secret_file',
    write: 'secret_file',
  },
  { name: 'a new secret', path: () => 'certs/new.pem', read: 'secret_file', write: 'secret_file' },
];

async function listTree(directory: string, base = directory): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    out.push(relative(base, path));
    if (entry.isDirectory()) out.push(...(await listTree(path, base)));
  }
  return out.sort();
}

async function armedWorkspace(): Promise<FsKit> {
  const t = await createFsKit();
  await writeFile(join(t.outside, 'secret.txt'), 'secret');
  await symlink(join(t.outside, 'secret.txt'), join(t.root, 'link-file'));
  await symlink(t.outside, join(t.root, 'link-dir'));
  await symlink(join(t.outside, 'new.txt'), join(t.root, 'dangling'));
  await symlink('loop-b', join(t.root, 'loop-a'));
  await symlink('loop-a', join(t.root, 'loop-b'));
  await t.write('.git/hooks/pre-commit', '#!/bin/sh\n');
  await t.write('node_modules/x', 'module');
  await mkdir(join(t.root, 'src'));
  await t.write('.env', 'API_KEY=sk-live');
  await t.write('.env.example', 'API_KEY=');
  await t.write('src/Deploy.KEY', 'key');
  await symlink('../.env', join(t.root, 'src', 'notes.txt'));
  return t;
}

function codeOf(result: Awaited<ReturnType<FsKit['call']>>): string {
  return result.status === 'failure' ? result.error.code : result.status;
}

describe('path attacks through read_file and write_file', () => {
  it('keeps the home directory outside the test workspace', async () => {
    const t = await createFsKit();
    expect(relative(homedir(), t.root).startsWith('..')).toBe(true);
  });

  for (const attack of ATTACKS) {
    it(`read_file: ${attack.name} → ${attack.read}`, async () => {
      const t = await armedWorkspace();
      expect(codeOf(await t.call('read_file', { path: attack.path(t) }))).toBe(attack.read);
    });

    it(`write_file (create, overwrite, append): ${attack.name} → ${attack.write}, nothing created`, async () => {
      const t = await armedWorkspace();
      const insideBefore = await listTree(t.root);
      const outsideBefore = await listTree(t.outside);
      for (const mode of ['create', 'overwrite', 'append']) {
        const result = await t.call('write_file', { path: attack.path(t), content: 'pwned', mode });
        expect(codeOf(result)).toBe(attack.write);
      }
      expect(await listTree(t.root)).toEqual(insideBefore);
      expect(await listTree(t.outside)).toEqual(outsideBefore);
      expect(await readFile(join(t.root, '.env'), 'utf8')).toBe('API_KEY=sk-live');
    });
  }
});
