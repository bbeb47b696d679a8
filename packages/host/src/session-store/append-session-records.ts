import { open } from 'node:fs/promises';
import type { SessionRecord } from './session-record.js';

/**
 * Appends records to a session log, one JSON line each, and (unless `durable` is false) flushes
 * them to disk before resolving. Written but not flushed, a record survives a killed process (the
 * kernel has it), not a power loss; the next flushed one makes it durable too. The file is
 * created 0600.
 */
export async function appendSessionRecords(
  file: string,
  records: readonly SessionRecord[],
  durable = true,
): Promise<void> {
  if (records.length === 0) return;
  const handle = await open(file, 'a', 0o600);
  try {
    await handle.write(records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    if (durable) await handle.datasync();
  } finally {
    await handle.close();
  }
}
