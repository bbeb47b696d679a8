import { readFile } from 'node:fs/promises';
import type { SessionRecord } from './session-record.js';
import { parseSessionRecord } from './session-record-schema.js';

/** A session log as read back: its whole records, and what was dropped after them. */
export interface SessionLog {
  readonly records: readonly SessionRecord[];
  /** Bytes at the start of the file that hold whole, valid records; appending starts here. */
  readonly validLength: number;
  /** Lines dropped at the end: a record torn by a crash (no newline) or a damaged line and all after it. */
  readonly dropped: number;
}

const NEWLINE = 0x0a;

/**
 * Reads a session log (`session.jsonl`). A last record torn by a crash mid-write, or a damaged
 * line, is dropped with everything after it (a log is only ever appended to, so what follows a
 * damaged line cannot be trusted to fit): never fatal. Throws only when the file cannot be read.
 */
export async function readSessionLog(file: string): Promise<SessionLog> {
  const bytes = await readFile(file);
  const records: SessionRecord[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const end = bytes.indexOf(NEWLINE, offset);
    // No newline: the write of the last record was cut short.
    if (end === -1) break;
    const record = parseSessionRecord(bytes.subarray(offset, end).toString('utf8'));
    if (!record) break;
    records.push(record);
    offset = end + 1;
  }
  let dropped = 0;
  for (let index = offset; index < bytes.length; index += 1) if (bytes[index] === NEWLINE) dropped += 1;
  if (offset < bytes.length && bytes[bytes.length - 1] !== NEWLINE) dropped += 1;
  return { records, validLength: offset, dropped };
}
