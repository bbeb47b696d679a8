import { lstat, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWorkspace } from './create-workspace.js';
import { resolveRealPath } from './resolve-real-path.js';

const NAMES = ['a', 'b', 'c', '.git', 'node_modules'];

const entry = fc.record({
  parent: fc.constantFrom('', 'a', 'b', 'a/b', 'c'),
  name: fc.constantFrom(...NAMES, 'l1', 'l2', 'f.txt'),
  type: fc.constantFrom('dir', 'file', 'link'),
  target: fc.constantFrom(
    '..',
    '../..',
    '../../outside',
    '/',
    '.',
    'a',
    'l1',
    'l2',
    'missing',
    '../outside/x',
  ),
});

const query = fc
  .array(fc.constantFrom(...NAMES, '..', '..', '.', 'l1', 'l2', 'f.txt', 'new.txt', 'missing', 'outside'), {
    minLength: 1,
    maxLength: 5,
  })
  .map((segments) => segments.join('/'));

function isWithin(path: string, directory: string): boolean {
  const rel = relative(directory, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..');
}

/**
 * Creates `parent` below `root` one real directory at a time and returns it, or undefined when a
 * segment is a symlink or a file: building the random tree must never write through a link the
 * tree itself made (that would reach outside the temp dir, even into /).
 */
async function realDirectoryInside(root: string, parent: string): Promise<string | undefined> {
  let current = root;
  for (const segment of parent.split('/').filter(Boolean)) {
    current = join(current, segment);
    const stats = await lstat(current).catch(() => undefined);
    if (stats === undefined) await mkdir(current);
    else if (!stats.isDirectory()) return undefined;
  }
  return current;
}

/**
 * The kernel is the oracle: an existing path resolves where realpath(3) says; a path that does not
 * exist yet, once created where the resolver said, is where the kernel then finds it; a path the
 * resolver refuses as not found does not resolve in the kernel either.
 */
async function expectKernelAgrees(base: string, path: string): Promise<void> {
  const resolved = await resolveRealPath(path);
  const kernel = await realpath(path).then(
    (real) => ({ real }),
    (error: NodeJS.ErrnoException) => ({ error: error.code }),
  );
  if (resolved.ok && resolved.exists) {
    expect([path, kernel]).toEqual([path, { real: resolved.realPath }]);
  } else if (resolved.ok) {
    expect([path, 'error' in kernel]).toEqual([path, true]);
    // Create only inside the temp dir: a link to / must not make the test write there.
    if (!isWithin(resolved.realPath, base)) return;
    // A path ending in `.` names a directory; anything else is created as a file.
    if (path.endsWith('/.')) await mkdir(resolved.realPath, { recursive: true });
    else {
      await mkdir(dirname(resolved.realPath), { recursive: true });
      await writeFile(resolved.realPath, 'new', { flag: 'wx' });
    }
    expect([path, await realpath(path)]).toEqual([path, resolved.realPath]);
  } else {
    expect([path, 'error' in kernel]).toEqual([path, true]);
  }
}

describe('workspace containment (property)', () => {
  it('never resolves to a path outside the root, whatever the tree of directories and symlinks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { maxLength: 12 }),
        fc.array(query, { minLength: 1, maxLength: 6 }),
        async (entries, queries) => {
          const base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-prop-')));
          try {
            const root = join(base, 'ws', 'root');
            await mkdir(root, { recursive: true });
            await mkdir(join(base, 'ws', 'outside'), { recursive: true });
            for (const item of entries) {
              const directory = await realDirectoryInside(root, item.parent);
              if (directory === undefined) continue;
              const path = join(directory, item.name);
              if (item.type === 'dir') await mkdir(path).catch(() => {});
              else if (item.type === 'file') await writeFile(path, 'x', { flag: 'wx' }).catch(() => {});
              else await symlink(item.target, path).catch(() => {});
            }
            const workspace = createWorkspace({ root });
            for (const path of queries) {
              for (const resolution of [
                await workspace.resolveReadable(path),
                await workspace.resolveWritable(path),
              ]) {
                if (resolution.status === 'success')
                  expect(isWithin(resolution.output.absolutePath, root)).toBe(true);
              }
              const write = await workspace.resolveWritable(path);
              if (write.status === 'success') {
                const segments = relative(root, write.output.absolutePath).split(sep);
                expect(segments.includes('.git') || segments.includes('node_modules')).toBe(false);
              }
              // Not join(): it would fold `missing/..` by string before the resolver sees it.
              await expectKernelAgrees(base, `${root}/${path}`);
            }
          } finally {
            await rm(base, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
