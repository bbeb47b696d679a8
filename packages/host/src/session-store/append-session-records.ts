import { open } from 'node:fs/promises';
import type { SessionRecord } from './session-record.js';

/**
 * Appends records to a session log, one JSON line each, and flushes them to disk before
 * resolving (a crash loses at most what was not yet appended). The file is created 0600.
 */
export async function appendSessionRecords(file: string, records: readonly SessionRecord[]): Promise<void> {
  if (records.length === 0) return;
  const handle = await open(file, 'a', 0o600);
  try {
    await handle.write(records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
