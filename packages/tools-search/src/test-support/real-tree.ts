import { copyFile, lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The repository's pnpm store: `node_modules/.pnpm/<id>/node_modules/<package>`. */
export const PNPM_STORE = resolve(import.meta.dirname, '../../../../node_modules/.pnpm');

async function packageDirectories(): Promise<string[]> {
  const found: string[] = [];
  for (const id of (await readdir(PNPM_STORE)).sort()) {
    const modules = join(PNPM_STORE, id, 'node_modules');
    let names: string[];
    try {
      names = (await readdir(modules)).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(modules, name);
      if (name.startsWith('@')) {
        for (const scoped of (await readdir(path)).sort()) {
          const inner = join(path, scoped);
          if (!(await lstat(inner)).isSymbolicLink()) found.push(inner);
        }
      } else if (!(await lstat(path)).isSymbolicLink() && name !== '.bin') {
        found.push(path);
      }
    }
  }
  return found;
}

async function copyTree(
  from: string,
  to: string,
  budget: { files: number },
  maxFileBytes: number,
): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (budget.files <= 0) return;
    const name = entry.name === 'node_modules' ? 'nested_modules' : entry.name;
    const source = join(from, entry.name);
    if (entry.isDirectory()) await copyTree(source, join(to, name), budget, maxFileBytes);
    else if (entry.isFile() && (await lstat(source)).size <= maxFileBytes) {
      await copyFile(source, join(to, name));
      budget.files--;
    }
  }
}

/**
 * Copies the installed packages into `target`, flattened (each package in a folder not named
 * node_modules), up to `maxFiles` files, and adds ignore files of every kind on top.
 */
export async function buildRealTree(
  target: string,
  maxFiles: number,
  maxFileBytes = 1024 * 1024,
): Promise<void> {
  const budget = { files: maxFiles };
  for (const [index, directory] of (await packageDirectories()).entries()) {
    if (budget.files <= 0) break;
    const label = directory
      .slice(PNPM_STORE.length + 1)
      .replace(/\/node_modules\//g, '__')
      .replace(/\//g, '_');
    await copyTree(
      directory,
      join(target, `pkg-${String(index).padStart(3, '0')}-${label}`),
      budget,
      maxFileBytes,
    );
  }
  await mkdir(join(target, '.git', 'info'), { recursive: true });
  await writeFile(join(target, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  await writeFile(join(target, '.git', 'info', 'exclude'), '*.map\n');
  await writeFile(
    join(target, '.gitignore'),
    '*.d.ts\n!index.d.ts\n/pkg-00*/\nLICENSE*\ndist/esm/\n**/test/**\n',
  );
  await writeFile(join(target, '.ignore'), '*.md\n!README.md\n');
  await writeFile(join(target, '.rgignore'), 'CHANGELOG.md\n');
}
