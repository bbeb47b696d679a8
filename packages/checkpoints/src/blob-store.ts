import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { join } from 'node:path';

/** Content-addressed storage of file contents: one append-only pack and its index, both 0600. */
export interface BlobStore {
  /** Stores the content once per digest; resolves to its sha256 (hex). */
  put(content: Buffer): Promise<string>;
  /** The content of a digest, or undefined when the store does not hold it. */
  read(digest: string): Promise<Buffer | undefined>;
  /** Makes every stored blob durable: the pack, then its index, written and fsynced. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

interface Location {
  readonly offset: number;
  readonly length: number;
}

const INDEX_LINE = /^([0-9a-f]{64}) (\d+) (\d+)$/;

/**
 * Opens (or creates) the blob store in `directory`. Index lines that are torn, malformed or point
 * past the pack's end (a crash between the two writes) are dropped: their blobs are stored again
 * when next seen.
 */
export async function openBlobStore(directory: string): Promise<BlobStore> {
  // Not O_APPEND: Linux ignores the position of a write to an O_APPEND file, and puts run concurrently.
  const pack = await open(join(directory, 'blobs.pack'), constants.O_RDWR | constants.O_CREAT, 0o600);
  let index: FileHandle;
  try {
    index = await open(join(directory, 'blobs.idx'), 'a+', 0o600);
  } catch (error) {
    await pack.close();
    throw error;
  }
  let size = (await pack.stat()).size;
  const known = new Map<string, Location>();
  for (const line of (await index.readFile('utf8')).split('\n')) {
    const match = INDEX_LINE.exec(line);
    if (!match) continue;
    const offset = Number(match[2]);
    const length = Number(match[3]);
    if (offset + length <= size) known.set(match[1]!, { offset, length });
  }
  let pendingLines: string[] = [];
  const writes = new Set<Promise<unknown>>();
  return {
    async put(content) {
      const digest = createHash('sha256').update(content).digest('hex');
      if (known.has(digest)) return digest;
      const offset = size;
      size += content.length;
      known.set(digest, { offset, length: content.length });
      const write = pack.write(content, 0, content.length, offset);
      writes.add(write);
      try {
        await write;
      } finally {
        writes.delete(write);
      }
      pendingLines.push(`${digest} ${offset} ${content.length}\n`);
      return digest;
    },
    async read(digest) {
      const location = known.get(digest);
      if (!location) return undefined;
      await Promise.all(writes);
      const buffer = Buffer.alloc(location.length);
      const { bytesRead } = await pack.read(buffer, 0, location.length, location.offset);
      return bytesRead === location.length ? buffer : undefined;
    },
    async sync() {
      await Promise.all(writes);
      if (pendingLines.length === 0) return;
      const lines = pendingLines.join('');
      pendingLines = [];
      await pack.datasync();
      await index.appendFile(lines);
      await index.datasync();
    },
    async close() {
      await Promise.all(writes);
      await Promise.all([pack.close(), index.close()]);
    },
  };
}
