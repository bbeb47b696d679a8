import { createHash } from 'node:crypto';
import { constants, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';

/** Where a blob lives in the pack: its offset and length. */
export type BlobLocation = readonly [offset: number, length: number];

/**
 * Content-addressed storage of file contents: one append-only pack (0600), indexed by the
 * journal. A content is checked against its digest when read back, so the pack and the journal
 * may be fsynced together: a location whose bytes did not survive a power loss reads as missing.
 */
export interface BlobStore {
  /** Bytes in the pack. */
  readonly size: number;
  /**
   * Stores the content once per digest and returns its sha256 (hex). Synchronous: a checkpoint
   * stores small files one after another, and a write through the thread pool costs more than it.
   */
  put(content: Buffer): string;
  /** The content of a digest, or undefined when the store does not hold it. */
  read(digest: string): Promise<Buffer | undefined>;
  /** Where the blobs stored since the last call are, for the journal record that names them (the journal is the pack's index). */
  takeLocations(): Record<string, BlobLocation>;
  /** Makes the pack durable (fsync), when anything was stored since the last flush. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens (or creates) `blobs.pack` in `directory`, knowing the blobs the journal's records locate
 * (`known`); a location past the pack's end (a pack cut short) is forgotten, and its blob stored
 * again when next seen.
 */
export async function openBlobStore(
  directory: string,
  known: ReadonlyMap<string, BlobLocation>,
): Promise<BlobStore> {
  // Not O_APPEND: each write goes at the position the store keeps (the end of what it knows).
  const pack = await open(join(directory, 'blobs.pack'), constants.O_RDWR | constants.O_CREAT, 0o600);
  let size = (await pack.stat()).size;
  const locations = new Map([...known].filter(([, [offset, length]]) => offset + length <= size));
  let fresh: Record<string, BlobLocation> = {};
  let unflushed = false;
  return {
    get size() {
      return size;
    },
    put(content) {
      const digest = createHash('sha256').update(content).digest('hex');
      if (locations.has(digest)) return digest;
      const location: BlobLocation = [size, content.length];
      for (let written = 0; written < content.length; ) {
        written += writeSync(pack.fd, content, written, content.length - written, size + written);
      }
      size += content.length;
      locations.set(digest, location);
      fresh[digest] = location;
      unflushed = true;
      return digest;
    },
    async read(digest) {
      const location = locations.get(digest);
      if (!location) return undefined;
      const [offset, length] = location;
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await pack.read(buffer, 0, length, offset);
      // Checked: after a power loss the pack may hold zeros where a blob's bytes were not yet written.
      const intact = bytesRead === length && createHash('sha256').update(buffer).digest('hex') === digest;
      return intact ? buffer : undefined;
    },
    takeLocations() {
      const taken = fresh;
      fresh = {};
      return taken;
    },
    async flush() {
      if (!unflushed) return;
      unflushed = false;
      await pack.datasync();
    },
    close: () => pack.close(),
  };
}
