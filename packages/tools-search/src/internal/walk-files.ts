import { readdirSync } from 'node:fs';
import type { SecretMatcher } from '@toolgate/core';
import { compareNames } from './compare-paths.js';
import { type IgnoreNode, isIgnored, loadIgnoreNode, loadParentIgnores } from './ignore-rules.js';
import type { ReadFilter } from './read-filter.js';

/** A regular file found by walking. */
export interface WalkedFile {
  readonly absolutePath: string;
  /** Relative to the walk's base, with `/`. */
  readonly relativePath: string;
  /**
   * The path to open the file by, set when some name in it is not UTF-8 (`absolutePath` and
   * `relativePath` then show those bytes as U+FFFD, as `rg` prints them, and cannot be opened) or
   * when the walk opens its base through a descriptor (`WalkOptions.openedAs`).
   */
  readonly rawPath?: Buffer;
}

/** Options for {@link walkFiles}. */
export interface WalkOptions {
  /** Real absolute path of a directory. */
  readonly base: string;
  /**
   * A path that opens `base` itself (`/proc/<pid>/fd/<n>` of a held descriptor): every directory
   * and file is then opened under it, while paths are still shown and checked under `base`.
   */
  readonly openedAs?: string;
  /** Entry names skipped wherever they appear (`.git`, `node_modules`). */
  readonly excludedNames: readonly string[];
  /** Secret names, skipped like excluded ones (files never listed, directories never entered). */
  readonly secrets: SecretMatcher;
  /** Read `.gitignore`, `.ignore`, `.rgignore`, `.git/info/exclude` as ripgrep does. */
  readonly respectIgnoreFiles: boolean;
  readonly signal: AbortSignal;
  /** The workspace's read predicate: a file it refuses is never listed, a directory never entered. */
  readonly readable?: ReadFilter;
  /** Called for each directory (relative path, `''` for the base); false prunes it. */
  readonly enterDirectory?: (relativePath: string) => boolean;
}

/** A directory entry; `raw` holds the name's bytes when they are not UTF-8 (`name` is then lossy). */
interface Entry {
  readonly name: string;
  readonly raw?: Buffer;
  isDirectory(): boolean;
  isFile(): boolean;
}

/** Lists a directory by its bytes, keeping each name's bytes. */
function listRaw(directory: Buffer): Entry[] {
  return readdirSync(directory, { withFileTypes: true, encoding: 'buffer' }).map((dirent) => ({
    name: dirent.name.toString('utf8'),
    raw: dirent.name,
    isDirectory: () => dirent.isDirectory(),
    isFile: () => dirent.isFile(),
  }));
}

/**
 * Lists a directory synchronously (much faster than the promise API for many small directories).
 * A name that is not UTF-8 reads as U+FFFD; only then is the directory listed again by bytes.
 */
function list(directory: string, rawDirectory: Buffer | undefined): Entry[] {
  try {
    if (rawDirectory !== undefined) return listRaw(rawDirectory);
    const entries = readdirSync(directory, { withFileTypes: true });
    return entries.some((entry) => entry.name.includes('\uFFFD')) ? listRaw(Buffer.from(directory)) : entries;
  } catch {
    // Unreadable or vanished directories are skipped, as ripgrep does (it reports them on stderr).
    return [];
  }
}

interface Frame {
  /** The directory's path with a trailing `/`. */
  readonly directory: string;
  /** The path to open it by, with a trailing `/`, when some name in it is not UTF-8 or the base is opened through a descriptor. */
  readonly rawDirectory: Buffer | undefined;
  readonly relative: string;
  readonly entries: Entry[];
  readonly node: IgnoreNode | undefined;
  index: number;
}

/** The bytes of `name` inside `frame`, when they differ from its text. */
function rawChild(frame: Frame, entry: Entry): Buffer | undefined {
  if (frame.rawDirectory === undefined && (entry.raw === undefined || !entry.name.includes('\uFFFD')))
    return undefined;
  return Buffer.concat([
    frame.rawDirectory ?? Buffer.from(frame.directory),
    entry.raw ?? Buffer.from(entry.name),
  ]);
}

const IGNORE_NAMES = new Set(['.git', '.gitignore', '.ignore', '.rgignore']);

async function openFrame(
  options: WalkOptions,
  directory: string,
  rawDirectory: Buffer | undefined,
  relative: string,
  parentNode: IgnoreNode | undefined,
): Promise<Frame> {
  const entries = list(directory, rawDirectory);
  entries.sort((left, right) => compareNames(left.name, right.name));
  let node = parentNode;
  if (options.respectIgnoreFiles) {
    const names = new Set<string>();
    for (const entry of entries) if (IGNORE_NAMES.has(entry.name)) names.add(entry.name);
    node = await loadIgnoreNode(directory, parentNode, names, rawDirectory);
  }
  const prefix = directory.endsWith('/') ? directory : `${directory}/`;
  const rawPrefix = rawDirectory && Buffer.concat([rawDirectory, Buffer.from('/')]);
  return { directory: prefix, rawDirectory: rawPrefix, relative, entries, node, index: 0 };
}

/**
 * Walks a tree the way the ripgrep engine does: depth first in name order, hidden entries
 * included, symlinks never followed (nor listed), excluded names, secrets, ignored entries and whatever the read predicate refuses pruned.
 */
export async function* walkFiles(options: WalkOptions): AsyncGenerator<WalkedFile> {
  const excluded = new Set(options.excludedNames);
  const parents = options.respectIgnoreFiles ? await loadParentIgnores(options.base) : undefined;
  const opened = options.openedAs === undefined ? undefined : Buffer.from(options.openedAs);
  const stack: Frame[] = [await openFrame(options, options.base, opened, '', parents)];
  while (stack.length > 0) {
    if (options.signal.aborted) return;
    const frame = stack[stack.length - 1]!;
    const entry = frame.entries[frame.index++];
    if (entry === undefined) {
      stack.pop();
      continue;
    }
    if (excluded.has(entry.name) || options.secrets.match(entry.name) !== undefined) continue;
    const isDirectory = entry.isDirectory();
    if (!isDirectory && !entry.isFile()) continue;
    const absolutePath = frame.directory + entry.name;
    if (options.respectIgnoreFiles && isIgnored(frame.node, absolutePath, isDirectory)) continue;
    if (options.readable && !options.readable(absolutePath, isDirectory)) continue;
    const relativePath = frame.relative === '' ? entry.name : `${frame.relative}/${entry.name}`;
    if (isDirectory) {
      if (options.enterDirectory && !options.enterDirectory(relativePath)) continue;
      stack.push(await openFrame(options, absolutePath, rawChild(frame, entry), relativePath, frame.node));
    } else {
      const rawPath = rawChild(frame, entry);
      yield rawPath === undefined ? { absolutePath, relativePath } : { absolutePath, relativePath, rawPath };
    }
  }
}
