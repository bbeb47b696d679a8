import { constants } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { fileCalls, readWhole } from '@toolgate/core/workspace-io';
import { type IgnoreFile, type IgnoreMatch, parseIgnoreFile } from './ignore-file.js';

/**
 * The ignore files of one directory and its ancestors, as ripgrep 13's `ignore` crate reads them:
 * `.rgignore` beats `.ignore` beats `.gitignore` beats `.git/info/exclude`; within each kind the
 * deepest directory with a matching line decides. `.gitignore` and `exclude` count only when some
 * directory in the chain has a `.git`, and stop at the nearest one going up.
 */
export interface IgnoreNode {
  readonly directory: string;
  readonly hasGit: boolean;
  readonly anyGit: boolean;
  readonly parent: IgnoreNode | undefined;
  readonly rgignore: IgnoreFile | undefined;
  readonly ignore: IgnoreFile | undefined;
  readonly gitignore: IgnoreFile | undefined;
  readonly exclude: IgnoreFile | undefined;
}

/**
 * The text of a regular file, or undefined for anything else (missing, unreadable, a FIFO, socket
 * or device). The open never waits (`O_NONBLOCK`: a FIFO named `.gitignore` would otherwise hold
 * the search, and a thread of the pool, until a writer came) and the opened file's fstat decides.
 */
async function readText(path: string | Buffer): Promise<string | undefined> {
  let fd: number;
  try {
    fd = await fileCalls.open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = await fileCalls.fstat(fd);
    if (!stats.isFile()) return undefined;
    return (await readWhole(fd, stats.size)).toString('utf8');
  } catch {
    return undefined;
  } finally {
    await fileCalls.close(fd).catch(() => {});
  }
}

async function readIgnoreFile(path: string | Buffer): Promise<IgnoreFile | undefined> {
  const text = await readText(path);
  return text === undefined ? undefined : parseIgnoreFile(text);
}

/** `path` inside a directory given by text or, when its name is not UTF-8, by bytes. */
function inside(directory: string, rawDirectory: Buffer | undefined, path: string): string | Buffer {
  return rawDirectory === undefined
    ? join(directory, path)
    : Buffer.concat([rawDirectory, Buffer.from(`/${path}`)]);
}

/** `.git/info/exclude`, following a worktree's `.git` file to the common git directory. */
async function readExclude(
  directory: string,
  rawDirectory: Buffer | undefined,
  gitIsFile: boolean,
): Promise<IgnoreFile | undefined> {
  if (!gitIsFile) return readIgnoreFile(inside(directory, rawDirectory, '.git/info/exclude'));
  const pointer = (await readText(inside(directory, rawDirectory, '.git')))?.trim();
  if (!pointer?.startsWith('gitdir:')) return undefined;
  const target = pointer.slice('gitdir:'.length).trim();
  const worktreeDirectory = isAbsolute(target) ? target : resolve(directory, target);
  const common = (await readText(join(worktreeDirectory, 'commondir')))?.trim();
  const gitDirectory = common === undefined ? worktreeDirectory : resolve(worktreeDirectory, common);
  return readIgnoreFile(join(gitDirectory, 'info', 'exclude'));
}

/** Which ignore-related names a directory listing showed, so absent files are never opened. */
export interface ListedNames {
  has(name: string): boolean;
}

/**
 * Loads the ignore files of `directory` on top of `parent`. `listed` (the directory's entries, when
 * the caller has them) avoids opening files that are not there; `rawDirectory` is the directory's
 * path as bytes when some name in it is not UTF-8 (`directory` then cannot be opened).
 */
export async function loadIgnoreNode(
  directory: string,
  parent: IgnoreNode | undefined,
  listed?: ListedNames,
  rawDirectory?: Buffer,
): Promise<IgnoreNode> {
  const present = (name: string): boolean => listed === undefined || listed.has(name);
  let hasGit = false;
  let gitIsFile = false;
  if (present('.git')) {
    try {
      const info = await stat(inside(directory, rawDirectory, '.git'));
      hasGit = true;
      gitIsFile = info.isFile();
    } catch {
      hasGit = false;
    }
  }
  const [rgignore, ignore, gitignore, exclude] = await Promise.all([
    present('.rgignore') ? readIgnoreFile(inside(directory, rawDirectory, '.rgignore')) : undefined,
    present('.ignore') ? readIgnoreFile(inside(directory, rawDirectory, '.ignore')) : undefined,
    present('.gitignore') ? readIgnoreFile(inside(directory, rawDirectory, '.gitignore')) : undefined,
    hasGit ? readExclude(directory, rawDirectory, gitIsFile) : undefined,
  ]);
  return {
    directory,
    hasGit,
    anyGit: hasGit || (parent?.anyGit ?? false),
    parent,
    rgignore,
    ignore,
    gitignore,
    exclude,
  };
}

/** Loads the ignore files of every ancestor of `directory` (from `/` down), not of `directory` itself. */
export async function loadParentIgnores(directory: string): Promise<IgnoreNode | undefined> {
  const ancestors: string[] = [];
  let current = directory;
  for (;;) {
    const parent = dirname(current);
    if (parent === current) break;
    ancestors.push(parent);
    current = parent;
  }
  let node: IgnoreNode | undefined;
  for (const ancestor of ancestors.reverse()) node = await loadIgnoreNode(ancestor, node);
  return node;
}

function relativeTo(directory: string, absolutePath: string): string {
  const prefix = directory.endsWith(sep) ? directory : directory + sep;
  return absolutePath.startsWith(prefix) ? absolutePath.slice(prefix.length) : absolutePath;
}

/** True when the ignore files say to skip `absolutePath` (a child of `node.directory`). */
export function isIgnored(node: IgnoreNode | undefined, absolutePath: string, isDirectory: boolean): boolean {
  if (node === undefined) return false;
  let rgignore: IgnoreMatch | undefined;
  let ignore: IgnoreMatch | undefined;
  let gitignore: IgnoreMatch | undefined;
  let exclude: IgnoreMatch | undefined;
  const anyGit = node.anyGit;
  let sawGit = false;
  for (let current: IgnoreNode | undefined = node; current; current = current.parent) {
    if (rgignore === undefined && current.rgignore) {
      rgignore = current.rgignore.match(relativeTo(current.directory, absolutePath), isDirectory);
    }
    if (ignore === undefined && current.ignore) {
      ignore = current.ignore.match(relativeTo(current.directory, absolutePath), isDirectory);
    }
    if (anyGit && !sawGit) {
      if (gitignore === undefined && current.gitignore) {
        gitignore = current.gitignore.match(relativeTo(current.directory, absolutePath), isDirectory);
      }
      if (exclude === undefined && current.exclude) {
        exclude = current.exclude.match(relativeTo(current.directory, absolutePath), isDirectory);
      }
    }
    sawGit = sawGit || current.hasGit;
  }
  return (rgignore ?? ignore ?? gitignore ?? exclude) === 'ignore';
}
