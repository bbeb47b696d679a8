import type { Dirent } from 'node:fs';
import { readdirSync } from 'node:fs';
import { compareNames } from './compare-paths.js';
import { type IgnoreNode, isIgnored, loadIgnoreNode, loadParentIgnores } from './ignore-rules.js';

/** A regular file found by walking. */
export interface WalkedFile {
  readonly absolutePath: string;
  /** Relative to the walk's base, with `/`. */
  readonly relativePath: string;
}

/** Options for {@link walkFiles}. */
export interface WalkOptions {
  /** Real absolute path of a directory. */
  readonly base: string;
  /** Entry names skipped wherever they appear (`.git`, `node_modules`). */
  readonly excludedNames: readonly string[];
  /** Read `.gitignore`, `.ignore`, `.rgignore`, `.git/info/exclude` as ripgrep does. */
  readonly respectIgnoreFiles: boolean;
  readonly signal: AbortSignal;
  /** Called for each directory (relative path, `''` for the base); false prunes it. */
  readonly enterDirectory?: (relativePath: string) => boolean;
}

/** Lists a directory synchronously (much faster than the promise API for many small directories). */
function list(directory: string): Dirent[] {
  try {
    return readdirSync(directory, { withFileTypes: true });
  } catch {
    // Unreadable or vanished directories are skipped, as ripgrep does (it reports them on stderr).
    return [];
  }
}

interface Frame {
  readonly directory: string;
  readonly relative: string;
  readonly entries: Dirent[];
  readonly node: IgnoreNode | undefined;
  index: number;
}

const IGNORE_NAMES = new Set(['.git', '.gitignore', '.ignore', '.rgignore']);

async function openFrame(
  options: WalkOptions,
  directory: string,
  relative: string,
  parentNode: IgnoreNode | undefined,
): Promise<Frame> {
  const entries = list(directory);
  entries.sort((left, right) => compareNames(left.name, right.name));
  let node = parentNode;
  if (options.respectIgnoreFiles) {
    const names = new Set<string>();
    for (const entry of entries) if (IGNORE_NAMES.has(entry.name)) names.add(entry.name);
    node = await loadIgnoreNode(directory, parentNode, names);
  }
  const prefix = directory.endsWith('/') ? directory : `${directory}/`;
  return { directory: prefix, relative, entries, node, index: 0 };
}

/**
 * Walks a tree the way the ripgrep engine does: depth first in name order, hidden entries
 * included, symlinks never followed (nor listed), excluded names and ignored entries pruned.
 */
export async function* walkFiles(options: WalkOptions): AsyncGenerator<WalkedFile> {
  const excluded = new Set(options.excludedNames);
  const parents = options.respectIgnoreFiles ? await loadParentIgnores(options.base) : undefined;
  const stack: Frame[] = [await openFrame(options, options.base, '', parents)];
  while (stack.length > 0) {
    if (options.signal.aborted) return;
    const frame = stack[stack.length - 1]!;
    const entry = frame.entries[frame.index++];
    if (entry === undefined) {
      stack.pop();
      continue;
    }
    if (excluded.has(entry.name)) continue;
    const isDirectory = entry.isDirectory();
    if (!isDirectory && !entry.isFile()) continue;
    const absolutePath = frame.directory + entry.name;
    if (options.respectIgnoreFiles && isIgnored(frame.node, absolutePath, isDirectory)) continue;
    const relativePath = frame.relative === '' ? entry.name : `${frame.relative}/${entry.name}`;
    if (isDirectory) {
      if (options.enterDirectory && !options.enterDirectory(relativePath)) continue;
      stack.push(await openFrame(options, absolutePath, relativePath, frame.node));
    } else {
      yield { absolutePath, relativePath };
    }
  }
}
