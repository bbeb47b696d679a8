import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const directories = new Set<string>();
let cleanupRegistered = false;

function removeAll(): void {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  directories.clear();
}

/** A new private directory (mode 0700) for verified copies, removed when the process exits. */
/** Whether `path` is a directory {@link createCopiesDirectory} made in this process. */
export function isCopiesDirectory(path: string): boolean {
  return directories.has(path);
}

export async function createCopiesDirectory(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'toolgate-verified-'));
  directories.add(directory);
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    process.once('exit', removeAll);
  }
  return directory;
}

/**
 * Writes the verified bytes of `files` (paths relative to the workspace root, keys of `contents`)
 * into `directory` (see {@link createCopiesDirectory}) with the same layout, each file mode 0700 so a script
 * stays executable, and returns the directory: hooks and tool modules run from there, so what runs
 * is what was digested, whatever happens to the workspace's files later. The directories are
 * removed when the process exits.
 */
export async function writeVerifiedCopies(
  contents: ReadonlyMap<string, Buffer>,
  files: Iterable<string>,
  directory: string,
): Promise<string> {
  for (const rel of new Set(files)) {
    const content = contents.get(rel);
    if (content === undefined) throw new Error(`writeVerifiedCopies: ${rel} was not verified`);
    const target = join(directory, rel);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(target, content, { mode: 0o700, flag: 'wx' });
  }
  return directory;
}
