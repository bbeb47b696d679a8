import type { ChangeTracking, CheckpointExclude } from './tracked-tree.js';

/** Options of {@link openCheckpoints}. */
export interface CheckpointsOptions {
  /** The workspace root, a real absolute path (the tree whose changes are recorded). */
  readonly workspaceRoot: string;
  /** Where the checkpoints live (`<sessionDir>/checkpoints`); created 0700, its files 0600. */
  readonly directory: string;
  /**
   * What is never looked at, copied or restored: protected paths (`.git`, `node_modules`,
   * toolgate's config), secrets, what the read policy denies. Asked with the real path of every
   * file and directory met; an excluded directory is not entered.
   */
  readonly exclude: CheckpointExclude;
  /** Files larger than this are tracked by their metadata but not copied (rewind lists them as skipped). @default 16 MiB */
  readonly maxFileBytes?: number;
  /** Once the store holds this many bytes, further contents are tracked by their metadata only (skipped by a rewind). @default 2 GiB */
  readonly maxStoreBytes?: number;
  /** `watch` (directory watches; dirty paths only) or `scan` (a stat of every path each turn). @default 'watch' */
  readonly tracking?: ChangeTracking;
}

/** One turn's checkpoint, as {@link Checkpoints.list} shows it. */
export interface CheckpointSummary {
  /** The turn number the host gave `beforeTurn`. */
  readonly turn: number;
  /** When the turn started (ISO 8601). */
  readonly startedAt: string;
  /** Root-relative paths the turn changed, created or removed, sorted (empty while it runs, or when it changed nothing). */
  readonly changed: readonly string[];
}

/** What {@link Checkpoints.restore} did, or why it did nothing. */
export type RestoreResult =
  | {
      readonly status: 'restored';
      readonly turn: number;
      /** Paths written back to their content before the turn. */
      readonly restored: readonly string[];
      /** Paths removed: created since the checkpoint. */
      readonly deleted: readonly string[];
      /** Paths left alone, with why: a file too large to have been kept, a directory in the way, an excluded path. */
      readonly skipped: readonly { readonly path: string; readonly reason: string }[];
    }
  | {
      readonly status: 'refused';
      /** `no_such_turn`: no live checkpoint has that number; `changed_outside`: `paths` changed outside toolgate since the checkpoint (pass `force`). */
      readonly code: 'no_such_turn' | 'changed_outside';
      readonly message: string;
      /** For `changed_outside`: the paths; for `no_such_turn`: empty. */
      readonly paths: readonly string[];
      /** The turns that can be restored to. */
      readonly turns: readonly number[];
    };

/** Per-turn checkpoints of one session's workspace, and rewind. */
export interface Checkpoints {
  /** How changes are found now: `watch`, or `scan` (asked for, or the fallback once a watch failed). */
  readonly tracking: ChangeTracking;
  /**
   * Starts tracking, once: places the watches and, for a new store, copies every tracked file (the
   * baseline); a reopened store is compared with the tree instead (what changed meanwhile is
   * recorded as changed outside toolgate). `beforeTurn` starts it when the host did not.
   */
  start(): Promise<void>;
  /**
   * Marks the state before turn `turn`: what changed since the last turn ended is recorded as
   * changed outside toolgate, and from now on every change observed belongs to this turn. Resolve
   * it before the turn's first tool runs.
   */
  beforeTurn(turn: number): Promise<void>;
  /** Records what changed during turn `turn` (its tools, its bash, processes it or earlier turns started); it is fsynced before the next operation runs. */
  afterTurn(turn: number): Promise<CheckpointSummary>;
  /** The live checkpoints, oldest first (a rewind drops the ones it undid). */
  list(): Promise<readonly CheckpointSummary[]>;
  /**
   * Restores the tracked files to their state before turn `turn`: rewrites what turns changed and
   * removes what they created. Refuses, listing them, when any of those paths changed outside
   * toolgate since the checkpoint, unless `force`.
   */
  restore(turn: number, options?: { readonly force?: boolean }): Promise<RestoreResult>;
  /** Stops tracking and closes the store (what was recorded stays); later calls share the first's promise. */
  close(): Promise<void>;
}
