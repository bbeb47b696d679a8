import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckpointsOptions } from './checkpoints.js';
import { openCheckpoints } from './open-checkpoints.js';

const EXCLUDED = new Set(['.git', 'node_modules', '.env']);
const exclude: CheckpointsOptions['exclude'] = (path) => EXCLUDED.has(basename(path));

const PATHS = ['a.txt', 'b.txt', '.env', 'd/a.txt', 'd/e/f.txt', 'x/a.txt', '.git/HEAD', 'node_modules/m.js'];
const DIRECTORIES = ['d', 'd/e', 'x', 'y'];

const operation = fc.oneof(
  fc.record({
    op: fc.constant('write' as const),
    path: fc.constantFrom(...PATHS),
    text: fc.string({ maxLength: 8 }),
  }),
  fc.record({
    op: fc.constant('append' as const),
    path: fc.constantFrom(...PATHS),
    text: fc.string({ maxLength: 8 }),
  }),
  fc.record({ op: fc.constant('remove' as const), path: fc.constantFrom(...PATHS, ...DIRECTORIES) }),
  fc.record({
    op: fc.constant('rename' as const),
    path: fc.constantFrom(...PATHS, ...DIRECTORIES),
    to: fc.constantFrom(...PATHS, ...DIRECTORIES),
  }),
  fc.record({
    op: fc.constant('link' as const),
    path: fc.constantFrom(...PATHS, ...DIRECTORIES),
    target: fc.constantFrom('a.txt', '../outside', 'd', 'missing'),
  }),
);

type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** True when every directory above `path` is a real directory (or missing: it is made): ops never write through a link. */
async function realParents(root: string, path: string): Promise<boolean> {
  let current = root;
  for (const segment of path.split('/').slice(0, -1)) {
    current = join(current, segment);
    const stats = await lstat(current).catch(() => undefined);
    if (!stats) await mkdir(current);
    else if (!stats.isDirectory()) return false;
  }
  return true;
}

async function apply(root: string, change: Operation): Promise<void> {
  const target = join(root, change.path);
  if (!(await realParents(root, change.path))) return;
  const stats = await lstat(target).catch(() => undefined);
  try {
    if (change.op === 'write' || change.op === 'append') {
      if (stats?.isSymbolicLink() || stats?.isDirectory()) return;
      await writeFile(target, change.text, { flag: change.op === 'write' ? 'w' : 'a' });
    } else if (change.op === 'remove') {
      await rm(target, { recursive: true, force: true });
    } else if (change.op === 'rename') {
      if (!stats || !(await realParents(root, change.to))) return;
      await rename(target, join(root, change.to));
    } else {
      if (stats) return;
      await symlink(change.target, target);
    }
  } catch {
    // A rename onto a non-empty directory, into itself: the kernel refuses; nothing changed.
  }
}

/** The tracked files and links, read without following links (what a rewind must put back). */
async function tracked(root: string, directory = ''): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const name of (await readdir(join(root, directory))).sort()) {
    if (EXCLUDED.has(name)) continue;
    const path = directory === '' ? name : `${directory}/${name}`;
    const stats = await lstat(join(root, path));
    if (stats.isSymbolicLink()) found[path] = `link → ${await readlink(join(root, path))}`;
    else if (stats.isDirectory()) Object.assign(found, await tracked(root, path));
    else found[path] = await readFile(join(root, path), 'utf8');
  }
  return found;
}

/** The excluded files, with their contents (a rewind never touches them). */
async function excludedFiles(root: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const path of ['.env', '.git/HEAD', 'node_modules/m.js', 'd/.env']) {
    const stats = await lstat(join(root, path)).catch(() => undefined);
    if (stats?.isFile()) found[path] = await readFile(join(root, path), 'utf8');
  }
  return found;
}

describe.each(['watch', 'scan'] as const)('a rewind (%s)', (tracking) => {
  it('puts back exactly the tracked state before the turn, and leaves excluded paths as they are', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(operation, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        async (turns, pick) => {
          const base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-checkpoints-property-')));
          const root = join(base, 'root');
          await mkdir(join(root, 'd', 'e'), { recursive: true });
          await mkdir(join(root, '.git'));
          await mkdir(join(base, 'outside'));
          await writeFile(join(root, 'a.txt'), 'a');
          await writeFile(join(root, 'd', 'a.txt'), 'da');
          await writeFile(join(root, '.env'), 'secret');
          await writeFile(join(root, '.git', 'HEAD'), 'head');
          const checkpoints = await openCheckpoints({
            workspaceRoot: root,
            directory: join(base, 'store'),
            exclude,
            tracking,
          });
          try {
            const before: Record<string, string>[] = [];
            for (const [index, changes] of turns.entries()) {
              before.push(await tracked(root));
              await checkpoints.beforeTurn(index + 1);
              for (const change of changes) await apply(root, change);
              await checkpoints.afterTurn(index + 1);
            }
            const turn = (pick % turns.length) + 1;
            const untouched = await excludedFiles(root);
            const result = await checkpoints.restore(turn);
            expect(result).toMatchObject({ status: 'restored', skipped: [] });
            expect(await tracked(root)).toEqual(before[turn - 1]);
            expect(await excludedFiles(root)).toEqual(untouched);
          } finally {
            await checkpoints.close();
            await rm(base, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
