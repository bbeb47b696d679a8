import { mkdir, mkdtemp, readdir, readFile, readlink, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createWorkspace, type Workspace, type WorkspaceOptions } from '@toolgate/core';

/** A workspace in a fresh temp directory. */
export interface TempWorkspace {
  readonly root: string;
  readonly workspace: Workspace;
  write(path: string, content: string | Uint8Array): Promise<void>;
  read(path: string): Promise<string>;
  readBytes(path: string): Promise<Buffer>;
  /** Every file and directory under the root: `path → content` (directories as `<dir>`). */
  tree(): Promise<Record<string, string>>;
  cleanup(): Promise<void>;
}

export async function createTempWorkspace(
  options: Omit<WorkspaceOptions, 'root'> = {},
): Promise<TempWorkspace> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-patch-')));
  const workspace = createWorkspace({ ...options, root });
  return {
    root,
    workspace,
    async write(path, content) {
      const absolute = join(root, path);
      await mkdir(dirname(absolute), { recursive: true });
      await writeFile(absolute, content);
    },
    read: (path) => readFile(join(root, path), 'utf8'),
    readBytes: (path) => readFile(join(root, path)),
    tree: () => snapshotTree(root),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** `relative path → content` for files (latin1-safe via utf8), `<dir>` for directories. */
export async function snapshotTree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (directory: string): Promise<void> => {
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const absolute = join(directory, entry.name);
      const key = relative(root, absolute).split('\\').join('/');
      if (entry.isSymbolicLink()) {
        out[key] = `-> ${await readlink(absolute)}`;
      } else if (entry.isDirectory()) {
        out[key] = '<dir>';
        await walk(absolute);
      } else if (!entry.isFile()) {
        out[key] = '<special>';
      } else {
        out[key] = (await readFile(absolute)).toString('utf8');
      }
    }
  };
  await walk(root);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
