import type { JournalRecord } from './checkpoint-journal.js';
import type { FileEntry } from './file-entry.js';

/** A turn whose checkpoint can still be restored to: where it starts in the journal, what it changed. */
export interface LiveTurn {
  readonly turn: number;
  /** Index of its `start` record in the journal. */
  readonly startIndex: number;
  readonly startedAt: string;
  readonly changed: Set<string>;
}

/** The tracked tree after the first `end` records of the journal (every change folded in). */
export function stateAt(records: readonly JournalRecord[], end: number): Map<string, FileEntry> {
  const state = new Map<string, FileEntry>();
  for (const record of records.slice(0, end)) {
    if (record.k !== 'changes') continue;
    for (const [path, entry] of Object.entries(record.changes)) {
      if (entry) state.set(path, entry);
      else state.delete(path);
    }
  }
  return state;
}

/** The turns that can be restored to, oldest first: a rewind drops the turn it went back to and every later one. */
export function liveTurns(records: readonly JournalRecord[]): LiveTurn[] {
  let live: LiveTurn[] = [];
  records.forEach((record, index) => {
    if (record.k === 'start') {
      live.push({ turn: record.turn, startIndex: index, startedAt: record.at, changed: new Set() });
    } else if (record.k === 'changes' && record.by === 'turn') {
      const owner = live.findLast((turn) => turn.turn === record.turn);
      for (const path of Object.keys(record.changes)) owner?.changed.add(path);
    } else if (record.k === 'changes' && record.by === 'rewind' && record.start !== undefined) {
      const start = record.start;
      live = live.filter((turn) => turn.startIndex < start);
    }
  });
  return live;
}
