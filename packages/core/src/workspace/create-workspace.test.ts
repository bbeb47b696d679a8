import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Outcome } from '../result/tool-result.js';
import { createWorkspace } from './create-workspace.js';
import type { ResolvedPath } from './workspace.js';

let base: string;
let root: string;
let outside: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-ws-')));
  root = join(base, 'root');
  outside = join(base, 'outside');
  await mkdir(join(root, 'src'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(root, 'src', 'a.ts'), 'a');
  await writeFile(join(outside, 'secret.txt'), 'secret');
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

function code(resolution: Outcome<ResolvedPath>): string {
  return resolution.status === 'success' ? 'ok' : resolution.error.code;
}

describe('createWorkspace', () => {
  it('resolves relative paths against the root and shows them root-relative', async () => {
    const workspace = createWorkspace({ root });
    expect(await workspace.resolveReadable('src/a.ts')).toEqual({
      status: 'success',
      output: {
        requestedPath: 'src/a.ts',
        absolutePath: join(root, 'src/a.ts'),
        displayPath: 'src/a.ts',
        exists: true,
      },
    });
    expect(await workspace.resolveWritable('src/new/b.ts')).toEqual({
      status: 'success',
      output: {
        requestedPath: 'src/new/b.ts',
        absolutePath: join(root, 'src/new/b.ts'),
        displayPath: 'src/new/b.ts',
        exists: false,
      },
    });
    const rootItself = await workspace.resolveReadable('');
    expect(rootItself.status === 'success' && rootItself.output.displayPath).toBe('.');
  });

  it('refuses ../ escapes and absolute paths outside, naming where they lead', async () => {
    const workspace = createWorkspace({ root });
    const escaped = await workspace.resolveReadable('../outside/secret.txt');
    expect(escaped).toEqual({
      status: 'failure',
      error: {
        code: 'path_outside_workspace',
        message: `Path "../outside/secret.txt" is outside the workspace (it leads to ${join(outside, 'secret.txt')}). Use a path inside ${root}.`,
        details: {
          requestedPath: '../outside/secret.txt',
          resolvedPath: join(outside, 'secret.txt'),
          root,
        },
      },
    });
    expect(code(await workspace.resolveWritable(join(outside, 'x.txt')))).toBe('path_outside_workspace');
    expect(code(await workspace.resolveWritable('/etc/passwd'))).toBe('path_outside_workspace');
  });

  it('keeps absolute paths absolute and accepts them inside the root', async () => {
    const workspace = createWorkspace({ root });
    const inside = await workspace.resolveReadable(join(root, 'src', 'a.ts'));
    expect(inside.status === 'success' && inside.output.displayPath).toBe('src/a.ts');
    expect(code(await workspace.resolveReadable('/src/a.ts'))).toBe('path_outside_workspace');
  });

  it('treats a leading ~ as the home directory', async () => {
    const workspace = createWorkspace({ root });
    const home = await workspace.resolveReadable('~/x');
    expect(home.status === 'success' ? 'ok' : home.error.details).toEqual({
      requestedPath: '~/x',
      resolvedPath: join(await realpath(homedir()), 'x'),
      root,
    });
  });

  it('refuses a symlinked file and a symlinked parent that lead outside', async () => {
    await symlink(join(outside, 'secret.txt'), join(root, 'link.txt'));
    await symlink(outside, join(root, 'linkdir'));
    const workspace = createWorkspace({ root });
    expect(code(await workspace.resolveReadable('link.txt'))).toBe('path_outside_workspace');
    expect(code(await workspace.resolveWritable('link.txt'))).toBe('path_outside_workspace');
    expect(code(await workspace.resolveWritable('linkdir/new.txt'))).toBe('path_outside_workspace');
  });

  it('follows a dangling symlink to its target before deciding', async () => {
    await symlink(join(outside, 'not-yet.txt'), join(root, 'dangling'));
    await symlink(join(root, 'src', 'later.ts'), join(root, 'dangling-inside'));
    const workspace = createWorkspace({ root });
    expect(code(await workspace.resolveWritable('dangling'))).toBe('path_outside_workspace');
    const inside = await workspace.resolveWritable('dangling-inside');
    expect(inside.status === 'success' && inside.output).toEqual({
      requestedPath: 'dangling-inside',
      absolutePath: join(root, 'src', 'later.ts'),
      displayPath: 'src/later.ts',
      exists: false,
    });
  });

  it('applies .. after a symlink the way the kernel does', async () => {
    await mkdir(join(outside, 'deep'));
    await symlink(join(outside, 'deep'), join(root, 'hop'));
    const workspace = createWorkspace({ root });
    // hop/.. is outside/, not the root: a lexical normalisation would get this wrong.
    expect(code(await workspace.resolveReadable('hop/../secret.txt'))).toBe('path_outside_workspace');
  });

  it('fails missing/.. as the kernel does, so it cannot reach through a link to outside or .git', async () => {
    await symlink('../outside', join(root, 'link'));
    await mkdir(join(root, '.git', 'hooks'), { recursive: true });
    await symlink('.git', join(root, 'gl'));
    const workspace = createWorkspace({ root });
    expect(await workspace.resolveWritable('missing/../link/x')).toEqual({
      status: 'failure',
      error: {
        code: 'not_found',
        message: `Cannot resolve "missing/../link/x": ${join(root, 'missing')} does not exist, so ".." after it leads nowhere.`,
      },
    });
    expect(code(await workspace.resolveReadable('missing/../link/secret.txt'))).toBe('not_found');
    expect(code(await workspace.resolveWritable('missing/../gl/hooks/pre-commit'))).toBe('not_found');
    expect(code(await workspace.resolveWritable('gl/hooks/pre-commit'))).toBe('path_protected');
  });

  it('reports symlink loops, NUL bytes and over-long names as failures', async () => {
    await symlink(join(root, 'loop-b'), join(root, 'loop-a'));
    await symlink(join(root, 'loop-a'), join(root, 'loop-b'));
    const workspace = createWorkspace({ root });
    expect(code(await workspace.resolveWritable('loop-a/x'))).toBe('invalid_arguments');
    expect(code(await workspace.resolveReadable('a\0b'))).toBe('invalid_arguments');
    expect(code(await workspace.resolveWritable(`${'x'.repeat(300)}.txt`))).toBe('invalid_arguments');
  });

  it('protects .git, node_modules, .ssh, .aws and .gnupg by segment, and configured paths', async () => {
    const workspace = createWorkspace({ root, protectedPaths: ['secrets', 'config/prod'] });
    for (const path of [
      '.git/hooks/pre-commit',
      'node_modules/x/index.js',
      'a/.ssh/id',
      '.aws/credentials',
      '.gnupg/k',
      'x/secrets/y',
      'config/prod/db.json',
    ]) {
      expect([path, code(await workspace.resolveWritable(path))]).toEqual([path, 'path_protected']);
      expect([path, workspace.isProtected(join(root, path))]).toEqual([path, true]);
    }
    for (const path of [
      '.github/workflows/ci.yml',
      '.gitignore',
      'config/production.json',
      'node_modules_backup/x',
    ]) {
      expect([path, code(await workspace.resolveWritable(path))]).toEqual([path, 'ok']);
      expect([path, workspace.isProtected(join(root, path))]).toEqual([path, false]);
    }
    expect(code(await workspace.resolveReadable('.git/config'))).toBe('ok');
  });

  it("protects the workspace's own configuration, so no tool can loosen the rules it runs under", async () => {
    const workspace = createWorkspace({ root });
    for (const path of [
      'toolgate.config.json',
      '.mcp.json',
      '.toolgate/state.json',
      'sub/toolgate.config.json',
    ]) {
      expect([path, code(await workspace.resolveWritable(path))]).toEqual([path, 'path_protected']);
    }
    expect(await workspace.resolveWritable('.mcp.json')).toEqual({
      status: 'failure',
      error: {
        code: 'path_protected',
        message: 'Refusing to write ".mcp.json": ".mcp.json" is protected and is never written.',
        details: { requestedPath: '.mcp.json', resolvedPath: join(root, '.mcp.json') },
      },
    });
    expect(code(await workspace.resolveReadable('toolgate.config.json'))).toBe('ok');
    expect(code(await workspace.resolveWritable('toolgate.config.json.md'))).toBe('ok');
  });

  it('compares protected segments case-insensitively and after Unicode normalization', async () => {
    const workspace = createWorkspace({ root, protectedPaths: ['Secrets', 'config/prod', 'caf\u00e9'] });
    for (const path of [
      '.GIT/hooks/pre-commit',
      '.Git/config',
      'NODE_MODULES/x.js',
      '.SSH/id',
      // Fullwidth forms fold to ASCII under NFKC; a decomposed é composes to the configured one.
      '\uff0egit/config',
      '.\uff47\uff49\uff54/hooks/x',
      'cafe\u0301/menu.txt',
      'secrets/x',
      'CONFIG/Prod/db.json',
      '.MCP.json',
      'Toolgate.Config.JSON',
      '.TOOLGATE/x',
    ]) {
      expect([path, code(await workspace.resolveWritable(path))]).toEqual([path, 'path_protected']);
    }
    for (const path of ['.github/x.yml', '.gitignore', '.GITHUB/ci.yml', 'configs/prod.json']) {
      expect([path, code(await workspace.resolveWritable(path))]).toEqual([path, 'ok']);
    }
  });

  it('protects an absolute protected path (the user config directory) even with allowOutsideWorkspace', async () => {
    await mkdir(join(outside, 'toolgate'));
    await symlink(join(outside, 'toolgate'), join(root, 'cfg'));
    const workspace = createWorkspace({
      root,
      allowOutsideWorkspace: true,
      protectedPaths: [join(outside, 'toolgate')],
    });
    for (const path of [
      join(outside, 'toolgate', 'config.json'),
      join(outside, 'toolgate'),
      'cfg/config.json',
    ]) {
      expect([path, code(await workspace.resolveWritable(path))]).toEqual([path, 'path_protected']);
    }
    expect(code(await workspace.resolveWritable(join(outside, 'toolgate-other.json')))).toBe('ok');
  });

  it('refuses a write through a link into a protected directory', async () => {
    await mkdir(join(root, '.git'));
    await symlink(join(root, '.git'), join(root, 'innocent'));
    const workspace = createWorkspace({ root });
    expect(code(await workspace.resolveWritable('innocent/config'))).toBe('path_protected');
  });

  it('lets extra read roots be read but not written', async () => {
    const workspace = createWorkspace({ root, readRoots: [outside] });
    expect(code(await workspace.resolveReadable(join(outside, 'secret.txt')))).toBe('ok');
    expect(code(await workspace.resolveWritable(join(outside, 'secret.txt')))).toBe('path_outside_workspace');
  });

  it('opens everything but protected paths with allowOutsideWorkspace', async () => {
    const workspace = createWorkspace({ root, allowOutsideWorkspace: true });
    const result = await workspace.resolveWritable(join(outside, 'x.txt'));
    expect(result.status === 'success' && result.output.displayPath).toBe(join(outside, 'x.txt'));
    expect(code(await workspace.resolveWritable(join(outside, '.ssh', 'authorized_keys')))).toBe(
      'path_protected',
    );
  });

  it('says which walked paths are excluded', () => {
    const workspace = createWorkspace({ root });
    expect(workspace.isExcluded(join(root, 'a', 'node_modules', 'x'))).toBe(true);
    expect(workspace.isExcluded(join(root, '.git'))).toBe(true);
    expect(workspace.isExcluded(join(root, '.github', 'x'))).toBe(false);
  });

  it('throws a clear error for a root that does not exist', () => {
    expect(() => createWorkspace({ root: join(base, 'missing') })).toThrow(
      `Workspace root does not exist: ${join(base, 'missing')}`,
    );
  });
});

describe('resolveWritableAll', () => {
  it('answers every path as resolveWritable does, in order, with many paths in one directory', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `m${index}.ts`);
    for (const name of names) await writeFile(join(root, 'src', name), name);
    await mkdir(join(root, 'src', '.git'));
    await symlink(outside, join(root, 'src', 'out'));
    await symlink(join(outside, 'secret.txt'), join(root, 'src', 'leak.txt'));
    await symlink(join(root, 'src', 'a.ts'), join(root, 'src', 'alias.ts'));
    await writeFile(join(root, 'src', '.env'), 'x');
    const workspace = createWorkspace({ root, protectedPaths: ['src/generated'] });
    const paths = [
      ...names.map((name) => `src/${name}`),
      'src/.git',
      'src/.git/config',
      'src/out',
      'src/out/new.txt',
      'src/leak.txt',
      'src/alias.ts',
      'src/.env',
      'src/generated',
      'src/new.ts',
      join(root, 'src', 'm1.ts'),
      'src/../src/m2.ts',
      'missing/../src/m3.ts',
      'src/m4.ts/',
      '',
      join(outside, 'secret.txt'),
    ];
    const one = await Promise.all(paths.map((path) => workspace.resolveWritable(path)));
    expect(await workspace.resolveWritableAll(paths)).toEqual(one);
    expect(one.map(code)).toEqual([
      ...names.map(() => 'ok'),
      'path_protected',
      'path_protected',
      'path_outside_workspace',
      'path_outside_workspace',
      'path_outside_workspace',
      'ok',
      'secret_file',
      'path_protected',
      'ok',
      'ok',
      'ok',
      'not_found',
      'not_a_directory',
      'ok',
      'path_outside_workspace',
    ]);
  });
});
