import { constants, writeSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import type { BlobLocation } from './blob-store.js';
import type { FileEntry } from './file-entry.js';

/** Who made a set of changes: the first look at the tree, a turn, a rewind, or someone else between turns. */
export type ChangeSource = 'base' | 'turn' | 'rewind' | 'outside';

/** One line of the journal. */
export type JournalRecord =
  | { readonly k: 'start'; readonly turn: number; readonly at: string }
  | { readonly k: 'end'; readonly turn: number; readonly at: string }
  | {
      readonly k: 'changes';
      readonly by: ChangeSource;
      /** The turn that made them (`turn`), or the turn rewound to (`rewind`). */
      readonly turn?: number;
      /** For `rewind`: the index of the `start` record of the turn rewound to. */
      readonly start?: number;
      readonly at: string;
      /** Root-relative paths (`/`-separated) with their new state; `null` when removed. */
      readonly changes: Readonly<Record<string, FileEntry | null>>;
      /** Where the contents stored with these changes are in the pack, by digest. */
      readonly blobs?: Readonly<Record<string, BlobLocation>>;
    };

/** The append-only record of a session's checkpoints (`journal.jsonl`, 0600). */
export interface CheckpointJournal {
  /** Every record, oldest first (a torn last line dropped on open). */
  readonly records: readonly JournalRecord[];
  /** Writes one record (synchronously: a line, one write, no trip through the thread pool). */
  append(record: JournalRecord): void;
  /** Makes the appended records durable. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

function isRecord(value: unknown): value is JournalRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (record.k === 'start' || record.k === 'end') return Number.isInteger(record.turn);
  return record.k === 'changes' && typeof record.changes === 'object' && record.changes !== null;
}

/**
 * Opens the journal at `path`, creating it. Reading stops at the first line that is not a whole
 * record (a crash mid-append): that line and anything after it are cut off, never fatal.
 */
export async function openCheckpointJournal(path: string): Promise<CheckpointJournal> {
  const handle: FileHandle = await open(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  const records: JournalRecord[] = [];
  try {
    const text = await handle.readFile('utf8');
    let good = 0;
    for (let start = 0; start < text.length; ) {
      const end = text.indexOf('\n', start);
      if (end < 0) break;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text.slice(start, end));
      } catch {
        break;
      }
      if (!isRecord(parsed)) break;
      records.push(parsed);
      start = end + 1;
      good = start;
    }
    if (good < text.length) await handle.truncate(Buffer.byteLength(text.slice(0, good)));
  } catch (error) {
    await handle.close();
    throw error;
  }
  let position = (await handle.stat()).size;
  return {
    records,
    append(record) {
      const line = Buffer.from(`${JSON.stringify(record)}\n`);
      for (let written = 0; written < line.length; ) {
        written += writeSync(handle.fd, line, written, line.length - written, position + written);
      }
      position += line.length;
      records.push(record);
    },
    sync: () => handle.datasync(),
    close: () => handle.close(),
  };
}
