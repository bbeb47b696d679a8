import type { PatchOperation } from './patch-operation.js';
import type { PatchResolutions } from './patch-resolutions.js';

/** Two places of one patch that name the same file, which `apply_patch` refuses. */
export interface DuplicateTarget {
  /** The later operation's line. */
  readonly line: number;
  /** Both operations' lines, in patch order (the same line twice for a Move onto its own source). */
  readonly lines: readonly [number, number];
  /** The file's display path. */
  readonly path: string;
  /** What is wrong and how to fix the patch. */
  readonly message: string;
}

/** A path an operation names: its own, or an Update's Move destination. */
interface Target {
  readonly operation: PatchOperation;
  /** As written in the patch. */
  readonly path: string;
  readonly moved: boolean;
}

const MERGE_ADVICE =
  "Each file may appear in one section only: merge them into one (all of a file's hunks in one '*** Update File:' section, or one '*** Add File:' with its whole new content; an Add or a Move onto an existing file replaces it, with no Delete before it).";

/**
 * The first file the operations name twice, compared as the planner resolves them: by real path
 * (so `a.txt`, `./a.txt`, `dir/../a.txt`, an absolute path and a path through a linked directory
 * are one file), and a symbolic link a Delete removes by the link's own location, which any path
 * naming that link names too. Two names of one existing file are one file too (its device and
 * inode: a hard link, or spellings a case- or normalization-insensitive file system does not tell
 * apart), and so are two files to be created whose paths differ only in case or Unicode form (on
 * such a file system they would be one; the patch means the same on every file system). A path the
 * workspace refused names no file here (the planner reports it). Undefined when every operation
 * names files no other one does.
 */
export function findDuplicateTarget(
  operations: readonly PatchOperation[],
  resolutions: PatchResolutions,
): DuplicateTarget | undefined {
  const named = new Map<string, Target>();
  for (const operation of operations) {
    for (const target of targetsOf(operation)) {
      for (const file of filesNamed(target, resolutions)) {
        const earlier = named.get(file.key);
        if (earlier) return duplicate(earlier, target, file);
        named.set(file.key, target);
      }
    }
  }
  return undefined;
}

function targetsOf(operation: PatchOperation): Target[] {
  const own = { operation, path: operation.path, moved: false };
  return operation.type === 'update' && operation.moveTo !== undefined
    ? [own, { operation, path: operation.moveTo, moved: true }]
    : [own];
}

/** How two targets were found to name one file: one path, one inode, or two new names only case or Unicode form tells apart. */
type SameBy = 'path' | 'inode' | 'name';

interface NamedFile {
  readonly key: string;
  readonly displayPath: string;
  readonly by: SameBy;
}

/**
 * The files a target names: its real path, the file's identity when it exists (else its path
 * folded to lower case and NFC), and the link's own location and identity when it names a symbolic link.
 */
function filesNamed(target: Target, resolutions: PatchResolutions): NamedFile[] {
  const link = resolutions.links.get(target.path);
  const location: NamedFile[] = link
    ? [
        { key: `path:${link.absolutePath}`, displayPath: link.displayPath, by: 'path' },
        ...(link.identity === undefined
          ? []
          : [{ key: `inode:${link.identity}`, displayPath: link.displayPath, by: 'inode' as const }]),
      ]
    : [];
  // A Delete of a link removes the link, not the file it points to.
  if (link && target.operation.type === 'delete') return location;
  const resolution = resolutions.paths.get(target.path);
  if (resolution?.status !== 'success') return location;
  const { absolutePath, displayPath, exists } = resolution.output;
  const identity = resolutions.identities.get(target.path);
  const files: NamedFile[] = [{ key: `path:${absolutePath}`, displayPath, by: 'path' }];
  if (identity !== undefined) files.push({ key: `inode:${identity}`, displayPath, by: 'inode' });
  else if (!exists)
    files.push({ key: `name:${absolutePath.normalize('NFC').toLowerCase()}`, displayPath, by: 'name' });
  return [...files, ...location];
}

/** Why two different paths are one file, said after the path. */
const SAME_BY: Record<SameBy, string> = {
  path: '',
  inode:
    ' (one file under two names: a hard link, or names this file system does not tell apart, such as ones that differ only in case)',
  name: " (new files whose names differ only in case or Unicode form, which a case-insensitive file system such as macOS's makes one file)",
};

function describe(target: Target): string {
  if (target.moved) return `'*** Move to: ${target.path}' (of the Update at line ${target.operation.line})`;
  const kind = { add: 'Add', update: 'Update', delete: 'Delete' }[target.operation.type];
  return `'*** ${kind} File: ${target.path}'`;
}

function duplicate(earlier: Target, later: Target, file: NamedFile): DuplicateTarget {
  const lines = [earlier.operation.line, later.operation.line] as const;
  const path = file.displayPath;
  const why = SAME_BY[file.by];
  if (earlier.operation === later.operation) {
    return {
      line: later.operation.line,
      lines,
      path,
      message: `${describe(later)} names ${path}, the file that Update already names${why}. Remove the '*** Move to:' line to change the file where it is.`,
    };
  }
  const where = earlier.moved ? describe(earlier) : `line ${earlier.operation.line} (${describe(earlier)})`;
  return {
    line: later.operation.line,
    lines,
    path,
    message: `${describe(later)} names ${path}, which ${where} names too${why}. ${MERGE_ADVICE}`,
  };
}
