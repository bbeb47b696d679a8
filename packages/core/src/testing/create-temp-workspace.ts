import { mkdir, mkdtemp, readdir, readFile, readlink, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createWorkspace, type WorkspaceOptions } from '../workspace/create-workspace.js';
import type { Workspace } from '../workspace/workspace.js';

/** Options for {@link createTempWorkspace}: the workspace's own options, without its root. */
export interface TempWorkspaceOptions extends Omit<WorkspaceOptions, 'root'> {
  /** Start of the temporary directory's name. @default 'toolgate-' */
  readonly prefix?: string;
}

/** A workspace in a fresh temporary directory, for tests that touch real files. */
export interface TempWorkspace {
  /** The temporary directory (a real path) holding `root` and `outside`. */
  readonly base: string;
  /** The workspace root. */
  readonly root: string;
  /** A sibling of the root, outside the workspace: where escapes would land. */
  readonly outside: string;
  readonly workspace: Workspace;
  /** Writes a file under the root (parents created) and returns its absolute path. */
  write(path: string, content: string | Uint8Array): Promise<string>;
  /** Reads a file under the root as UTF-8. */
  read(path: string): Promise<string>;
  /** Reads a file under the root as bytes. */
  readBytes(path: string): Promise<Buffer>;
  /** Every entry under the root: `path → content`, `<dir>`, `-> target` for a link, `<special>`. */
  tree(): Promise<Record<string, string>>;
  /** Removes the temporary directory. */
  cleanup(): Promise<void>;
}

/** Creates a workspace in a fresh temporary directory; call `cleanup` when the test is done. */
export async function createTempWorkspace(options: TempWorkspaceOptions = {}): Promise<TempWorkspace> {
  const { prefix = 'toolgate-', ...workspaceOptions } = options;
  const base = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  const root = join(base, 'root');
  const outside = join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  return {
    base,
    root,
    outside,
    workspace: createWorkspace({ ...workspaceOptions, root }),
    async write(path, content) {
      const absolute = join(root, path);
      await mkdir(dirname(absolute), { recursive: true });
      await writeFile(absolute, content);
      return absolute;
    },
    read: (path) => readFile(join(root, path), 'utf8'),
    readBytes: (path) => readFile(join(root, path)),
    tree: () => snapshotTree(root),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

/** `relative path → content` for files, `<dir>` for directories, `-> target` for links, sorted. */
export async function snapshotTree(root: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  const walk = async (directory: string): Promise<void> => {
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const absolute = join(directory, entry.name);
      const key = relative(root, absolute).split('\\').join('/');
      if (entry.isSymbolicLink()) {
        entries[key] = `-> ${await readlink(absolute)}`;
      } else if (entry.isDirectory()) {
        entries[key] = '<dir>';
        await walk(absolute);
      } else if (!entry.isFile()) {
        entries[key] = '<special>';
      } else {
        entries[key] = (await readFile(absolute)).toString('utf8');
      }
    }
  };
  await walk(root);
  return Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)));
}
