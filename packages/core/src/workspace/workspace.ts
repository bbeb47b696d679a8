import type { PathErrorCode } from '../result/error-codes.js';
import type { Outcome, ToolFailure } from '../result/tool-result.js';
import type { LockStamp } from './path-locks.js';
import type { SecretMatcher } from './secret-patterns.js';

/** A path the workspace accepted. */
export interface ResolvedPath {
  /** The path as the model gave it. */
  readonly requestedPath: string;
  /** The real absolute path: every symlink resolved (for a new file, through its nearest existing parent). */
  readonly absolutePath: string;
  /** Root-relative with `/` (`.` for the root), or absolute when outside the workspace. */
  readonly displayPath: string;
  /** False when the path (or a link's target) does not exist yet. */
  readonly exists: boolean;
}

/** Where calls may reach (docs/architecture.md, "The boundary"). */
export interface Workspace {
  /** Real absolute path of the workspace root. */
  readonly root: string;
  /** Real absolute paths of extra read-only roots. */
  readonly readRoots: readonly string[];
  /** When true, reads and writes may leave the workspace (protected paths still refuse writes). */
  readonly allowOutsideWorkspace: boolean;
  /** Segment names skipped when walking a tree (`.git`, `node_modules`). */
  readonly excludedPaths: readonly string[];
  /** File names no tool reads, writes or lists (`.env`, `*.pem`, …); see `DEFAULT_SECRET_PATTERNS`. */
  readonly secrets: SecretMatcher;
  /** Real paths no tool reads, lists or writes, nor anything below them (toolgate's state, the user's configuration). */
  readonly unreachablePaths: readonly string[];
  /**
   * The read policy, asked for every file a tool opens, lists, walks or quotes, on its real path
   * (docs/architecture.md, "The boundary"): inside the root, a read root or `allowOutsideWorkspace`;
   * not under an unreachable path; not a secret by name; not refused by the host's `readPolicy`
   * (deny rules; `directory` marks a directory about to be entered, whose refusal prunes it).
   * Returns the failure to report, or undefined when the path may be read. Synchronous and cheap.
   */
  checkReadable(
    realPath: string,
    options?: { readonly directory?: boolean },
  ): ToolFailure<PathErrorCode | 'invalid_arguments'> | undefined;
  /** Resolves a path for reading: symlinks resolved, then {@link Workspace.checkReadable} (with the name it was given by checked as a secret too). */
  resolveReadable(path: string): Promise<Outcome<ResolvedPath>>;
  /** Resolves a path for writing: inside the root, symlinks resolved, protected and unreachable paths and secrets refused. */
  resolveWritable(path: string): Promise<Outcome<ResolvedPath>>;
  /**
   * {@link Workspace.resolveWritable} of many paths at once, each answer as it would give it, in
   * order; a directory several of them name is resolved and listed once for all of them (a patch
   * of 500 files in one directory costs one listing, not 500 lookups).
   */
  resolveWritableAll(paths: readonly string[]): Promise<Outcome<ResolvedPath>[]>;
  /** Display form of a real absolute path. */
  toDisplayPath(absolutePath: string): string;
  /** True when a walker should skip this path (a segment under the root equals an excluded name). */
  isExcluded(absolutePath: string): boolean;
  /** True when a real absolute path is protected (a protected name, path or absolute path, or below one): no tool writes it. */
  isProtected(absolutePath: string): boolean;
  /**
   * Runs `work` holding the lock of one real path. The locks are the process's: every workspace
   * of this copy of core shares them, so calls of two sessions on one file run one after the other.
   */
  withLock<T>(realPath: string, work: () => Promise<T>): Promise<T>;
  /**
   * A stamp of this workspace's locks now, or undefined while any is held or waited for. A tool
   * that reads files for a plan takes one before the reads; see {@link Workspace.locksQuietSince}.
   */
  lockStamp(): LockStamp | undefined;
  /**
   * Whether no lock was taken since `stamp` but the caller's own `taken` locks, which it holds now
   * (each taken once), in any workspace of this process. Every write of the file tools (write_file,
   * edit, apply_patch, update_agents_md) takes the lock of the file first, so when this holds, none
   * of them wrote anything since the stamp; a command bash runs is another process and takes none.
   */
  locksQuietSince(stamp: LockStamp, taken: number): boolean;
}
