import { link, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Outcome } from '../result/tool-result.js';
import { createWorkspace } from './create-workspace.js';
import type { ResolvedPath } from './workspace.js';

let root: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-secrets-')));
  await mkdir(join(root, 'config'));
  await writeFile(join(root, '.env'), 'API_KEY=sk-live-1234');
  await writeFile(join(root, '.env.example'), 'API_KEY=');
  await writeFile(join(root, 'config', 'server.pem'), '-----BEGIN PRIVATE KEY-----');
  await writeFile(join(root, 'notes.txt'), 'notes');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function code(resolution: Outcome<ResolvedPath>): string {
  return resolution.status === 'success' ? 'ok' : resolution.error.code;
}

describe('secrets in the workspace', () => {
  it('refuses to read a secret and says which setting decides', async () => {
    const workspace = createWorkspace({ root });
    expect(await workspace.resolveReadable('.env')).toEqual({
      status: 'failure',
      error: {
        code: 'secret_file',
        message:
          'Refusing to read ".env": the name ".env" matches the secret pattern ".env", and no tool reads or writes secrets. Only the person running toolgate can change this, through the "secrets" setting of their configuration.',
        details: { requestedPath: '.env', resolvedPath: join(root, '.env'), pattern: '.env' },
      },
    });
  });

  it('refuses to write a secret, existing or new, in any directory', async () => {
    const workspace = createWorkspace({ root });
    expect(code(await workspace.resolveWritable('.env'))).toBe('secret_file');
    expect(code(await workspace.resolveWritable('deploy/new.key'))).toBe('secret_file');
    expect(code(await workspace.resolveWritable('config/server.pem'))).toBe('secret_file');
  });

  it('lets examples and ordinary files through', async () => {
    const workspace = createWorkspace({ root });
    expect(code(await workspace.resolveReadable('.env.example'))).toBe('ok');
    expect(code(await workspace.resolveWritable('.env.example'))).toBe('ok');
    expect(code(await workspace.resolveReadable('notes.txt'))).toBe('ok');
  });

  it('refuses a symlink with an innocent name that leads to a secret, naming where it leads', async () => {
    await symlink('.env', join(root, 'innocent.txt'));
    const workspace = createWorkspace({ root });
    const read = await workspace.resolveReadable('innocent.txt');
    expect(code(read)).toBe('secret_file');
    expect(read.status === 'failure' && read.error.message).toContain(`(it leads to ${join(root, '.env')})`);
    expect(code(await workspace.resolveWritable('innocent.txt'))).toBe('secret_file');
  });

  it('refuses a symlink named like a secret whatever it leads to', async () => {
    await symlink('notes.txt', join(root, 'id_rsa'));
    const workspace = createWorkspace({ root });
    expect(code(await workspace.resolveReadable('id_rsa'))).toBe('secret_file');
  });

  it('sees through dir/../.env, absolute paths and case variants', async () => {
    await writeFile(join(root, '.ENV.LOCAL'), 'X=1');
    const workspace = createWorkspace({ root });
    expect(code(await workspace.resolveReadable('config/../.env'))).toBe('secret_file');
    expect(code(await workspace.resolveReadable(join(root, '.env')))).toBe('secret_file');
    expect(code(await workspace.resolveReadable('.ENV.LOCAL'))).toBe('secret_file');
    expect(code(await workspace.resolveWritable('./config//SERVER.PEM'))).toBe('secret_file');
  });

  it('refuses secrets outside the workspace too, where reads may go there', async () => {
    const outside = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-secrets-out-')));
    try {
      await writeFile(join(outside, 'id_ed25519'), 'key');
      const workspace = createWorkspace({ root, allowOutsideWorkspace: true });
      expect(code(await workspace.resolveReadable(join(outside, 'id_ed25519')))).toBe('secret_file');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('does not follow hard links: a second name for a secret is read by that name', async () => {
    // Out of scope on purpose: a hard link is the same file under another name, and nothing in
    // a path says so. Only the sandbox (which masks by walking) and the person can stop it.
    await link(join(root, '.env'), join(root, 'copy.txt'));
    const workspace = createWorkspace({ root });
    expect(code(await workspace.resolveReadable('copy.txt'))).toBe('ok');
  });

  it('takes its own list, and [] turns the protection off', async () => {
    const custom = createWorkspace({ root, secrets: ['*.txt'] });
    expect([
      code(await custom.resolveReadable('notes.txt')),
      code(await custom.resolveReadable('.env')),
    ]).toEqual(['secret_file', 'ok']);
    const off = createWorkspace({ root, secrets: [] });
    expect(code(await off.resolveReadable('.env'))).toBe('ok');
    expect(off.secrets.patterns).toEqual([]);
  });
});
