import { chmod, mkdir, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { type BlobLocation, openBlobStore } from './blob-store.js';
import { type ChangeSource, type JournalRecord, openCheckpointJournal } from './checkpoint-journal.js';
import type { CheckpointSummary, Checkpoints, CheckpointsOptions, RestoreResult } from './checkpoints.js';
import { type FileEntry, sameContent } from './file-entry.js';
import { type LiveTurn, liveTurns, stateAt } from './journal-state.js';
import { restorePath } from './restore-path.js';
import { type CheckpointExclude, createTrackedTree } from './tracked-tree.js';

/** Files larger than this are tracked but not copied. */
export const DEFAULT_MAX_CHECKPOINT_FILE_BYTES = 16 * 1024 * 1024;

/** A store this large copies nothing more (a workspace far larger than a project: a home directory). */
export const DEFAULT_MAX_CHECKPOINT_STORE_BYTES = 2 * 1024 * 1024 * 1024;

const isWithin = (path: string, directory: string) => {
  const rel = relative(directory, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

const summary = (turn: LiveTurn): CheckpointSummary => ({
  turn: turn.turn,
  startedAt: turn.startedAt,
  changed: [...turn.changed].sort(),
});

/** Where the journal's records say each stored content is. */
function blobLocations(records: readonly JournalRecord[]): Map<string, BlobLocation> {
  const locations = new Map<string, BlobLocation>();
  for (const record of records) {
    if (record.k !== 'changes' || !record.blobs) continue;
    for (const [digest, location] of Object.entries(record.blobs)) {
      if (Array.isArray(location) && location.length === 2 && location.every(Number.isSafeInteger)) {
        locations.set(digest, [location[0], location[1]]);
      }
    }
  }
  return locations;
}

function checkTurn(turn: number): void {
  if (!Number.isSafeInteger(turn) || turn < 1) {
    throw new TypeError(`A checkpoint's turn must be a positive integer; got ${String(turn)}`);
  }
}

/**
 * Opens (or reopens) the checkpoints of one session's workspace in `directory`: a content-addressed
 * blob store and an append-only journal of each turn's changes, found by directory watches
 * (or, as the fallback, a scan of the tree). Reopening a directory an earlier process wrote lets a
 * later one list and restore its turns. Throws `TypeError` on options that are not usable.
 */
export async function openCheckpoints(options: CheckpointsOptions): Promise<Checkpoints> {
  if (typeof options.workspaceRoot !== 'string' || !isAbsolute(options.workspaceRoot)) {
    throw new TypeError('checkpoints: workspaceRoot must be an absolute path');
  }
  if (typeof options.directory !== 'string' || !isAbsolute(options.directory)) {
    throw new TypeError('checkpoints: directory must be an absolute path');
  }
  if (typeof options.exclude !== 'function') throw new TypeError('checkpoints: exclude must be a function');
  // Real, so a path below it is real exactly when no link is on the way.
  const root = await realpath(options.workspaceRoot);
  const directory = resolve(options.directory);
  if (isWithin(root, directory)) {
    throw new TypeError('checkpoints: the directory must not hold the workspace');
  }
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700);
  const journal = await openCheckpointJournal(join(directory, 'journal.jsonl'));
  const blobs = await openBlobStore(directory, blobLocations(journal.records)).catch(async (error) => {
    await journal.close();
    throw error;
  });
  // The store never records itself, when it lives inside the workspace.
  const exclude: CheckpointExclude = (path, kind) => isWithin(path, directory) || options.exclude(path, kind);
  const current = stateAt(journal.records, journal.records.length);
  const tree = createTrackedTree(
    {
      root,
      exclude,
      blobs,
      maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_CHECKPOINT_FILE_BYTES,
      maxStoreBytes: options.maxStoreBytes ?? DEFAULT_MAX_CHECKPOINT_STORE_BYTES,
      tracking: options.tracking ?? 'watch',
    },
    current,
  );
  let queue: Promise<unknown> = Promise.resolve();
  /** A background fsync's failure, reported by the next operation. */
  let unsynced: unknown;
  const reportUnsynced = () => {
    if (unsynced === undefined) return;
    const error = unsynced;
    unsynced = undefined;
    throw new Error(
      `checkpoints: the last turn's record could not be made durable: ${error instanceof Error ? error.message : String(error)}`,
    );
  };
  /** Runs operations one at a time, in call order; a failure fails its own call only. */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(async () => {
      reportUnsynced();
      return work();
    });
    queue = run.catch(() => {});
    return run;
  };
  const at = () => new Date().toISOString();
  /** The pack and the journal fsynced (together: a content read back is checked against its digest). */
  const durable = async () => {
    await Promise.all([blobs.flush(), journal.sync()]);
  };
  /** Appends a set of changes, with where the contents it names are in the pack. */
  const record = async (
    by: ChangeSource,
    changes: Record<string, FileEntry | null>,
    extra: { readonly turn?: number; readonly start?: number } = {},
  ) => {
    if (by !== 'base' && Object.keys(changes).length === 0) return;
    const located = blobs.takeLocations();
    journal.append({
      k: 'changes',
      by,
      ...extra,
      at: at(),
      changes,
      ...(Object.keys(located).length === 0 ? {} : { blobs: located }),
    });
  };
  let started: Promise<void> | undefined;
  let running: number | undefined;
  let closing: Promise<void> | undefined;
  const open = () => {
    if (closing) throw new TypeError('checkpoints: closed');
  };

  const start = () => {
    open();
    started ??= serial(async () => {
      const fresh = !journal.records.some((entry) => entry.k === 'changes' && entry.by === 'base');
      const changes = await tree.walkAll();
      await record(fresh ? 'base' : 'outside', changes);
      await durable();
    });
    return started;
  };

  const restore = async (turn: number, force: boolean): Promise<RestoreResult> => {
    const live = liveTurns(journal.records);
    const target = live.findLast((entry) => entry.turn === turn);
    const turns = live.map((entry) => entry.turn);
    if (!target) {
      return {
        status: 'refused',
        code: 'no_such_turn',
        message: `No checkpoint of turn ${turn}; turns with one: ${turns.length === 0 ? 'none' : turns.join(', ')}.`,
        paths: [],
        turns,
      };
    }
    if (started) await record('outside', await tree.collect());
    const touched = new Set<string>();
    const outside = new Set<string>();
    for (const entry of journal.records.slice(target.startIndex)) {
      if (entry.k !== 'changes') continue;
      for (const path of Object.keys(entry.changes)) (entry.by === 'outside' ? outside : touched).add(path);
    }
    const wanted = stateAt(journal.records, target.startIndex);
    const plan: { path: string; wanted: FileEntry | null }[] = [];
    const conflicts: string[] = [];
    const seenNow: Record<string, FileEntry | null> = {};
    const skipped: { path: string; reason: string }[] = [];
    for (const path of [...touched].sort()) {
      const want = wanted.get(path) ?? null;
      const disk = await tree.look(path);
      if (disk === undefined) {
        skipped.push({ path, reason: 'excluded from checkpoints' });
        continue;
      }
      if (sameContent(disk, want)) continue;
      if (outside.has(path) || !sameContent(disk, current.get(path))) {
        conflicts.push(path);
        seenNow[path] = disk;
      }
      plan.push({ path, wanted: want });
    }
    if (conflicts.length > 0 && !force) {
      return {
        status: 'refused',
        code: 'changed_outside',
        message: `Changed outside toolgate since the checkpoint of turn ${turn}: ${conflicts.join(', ')}. Rewind with force to overwrite them.`,
        paths: conflicts,
        turns,
      };
    }
    // What is overwritten by force was stored by the look above; it is recorded, so nothing is lost.
    for (const [path, entry] of Object.entries(seenNow)) {
      if (entry) current.set(path, entry);
      else current.delete(path);
    }
    await record('outside', seenNow);
    const changes: Record<string, FileEntry | null> = {};
    const restored: string[] = [];
    const deleted: string[] = [];
    // Removals first, deepest first, so a directory a turn made where a file was is empty when
    // that file is written back; then the writes, parents before children.
    const ordered = [
      ...plan.filter((step) => step.wanted === null).reverse(),
      ...plan.filter((step) => step.wanted !== null),
    ];
    for (const { path, wanted: want } of ordered) {
      const done = await restorePath(root, path, want, blobs, exclude);
      if (done.kind === 'skipped') {
        skipped.push({ path, reason: done.reason });
        continue;
      }
      if (done.kind === 'restored') {
        restored.push(path);
        current.set(path, done.entry);
        changes[path] = done.entry;
      } else {
        deleted.push(path);
        current.delete(path);
        changes[path] = null;
      }
    }
    // Recorded even when nothing was written: it drops the turns it undid from the list.
    journal.append({ k: 'changes', by: 'rewind', turn, start: target.startIndex, at: at(), changes });
    await durable();
    return { status: 'restored', turn, restored, deleted, skipped };
  };

  return {
    get tracking() {
      return tree.tracking;
    },
    start,
    async beforeTurn(turn) {
      checkTurn(turn);
      await start();
      return serial(async () => {
        if (running !== undefined) throw new TypeError(`checkpoints: turn ${running} has not ended`);
        await record('outside', await tree.collect());
        // Written, not fsynced: a killed process keeps it (the kernel has it); the turn's end is
        // fsynced, so a power loss costs at most the turn in flight.
        journal.append({ k: 'start', turn, at: at() });
        running = turn;
      });
    },
    afterTurn(turn) {
      checkTurn(turn);
      open();
      return serial(async () => {
        if (running !== turn) throw new TypeError(`checkpoints: turn ${turn} is not running`);
        try {
          await record('turn', await tree.collect(), { turn });
          journal.append({ k: 'end', turn, at: at() });
        } finally {
          running = undefined;
        }
        // The fsync runs off the turn's path: the next operation waits for it, and fails if it did.
        serial(durable).catch((error: unknown) => {
          unsynced = error;
        });
        const live = liveTurns(journal.records).findLast((entry) => entry.turn === turn);
        return live ? summary(live) : { turn, startedAt: at(), changed: [] };
      });
    },
    list() {
      open();
      return serial(async () => liveTurns(journal.records).map(summary));
    },
    restore(turn, restoreOptions = {}) {
      checkTurn(turn);
      open();
      return serial(async () => {
        if (running !== undefined)
          throw new TypeError(`checkpoints: cannot restore while turn ${running} runs`);
        return restore(turn, restoreOptions.force === true);
      });
    },
    close() {
      closing ??= (async () => {
        tree.close();
        await queue;
        await Promise.all([blobs.close(), journal.close()]);
      })();
      return closing;
    },
  };
}
