import { createHash } from 'node:crypto';
import { constants, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';

/** Where a blob lives in the pack: its offset and length. */
export type BlobLocation = readonly [offset: number, length: number];

/** Content-addressed storage of file contents: one append-only pack (0600), indexed by the journal. */
export interface BlobStore {
  /**
   * Stores the content once per digest and returns its sha256 (hex). Synchronous: a checkpoint
   * stores small files one after another, and a write through the thread pool costs more than it.
   */
  put(content: Buffer): string;
  /** The content of a digest, or undefined when the store does not hold it. */
  read(digest: string): Promise<Buffer | undefined>;
  /**
   * Makes every blob stored since the last call durable (the pack fsynced) and returns where they
   * are, for the journal record that names them: the journal is the pack's index, so a blob is
   * known after a crash only when the record naming it was written after its bytes.
   */
  sync(): Promise<Record<string, BlobLocation>>;
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
  return {
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
      return digest;
    },
    async read(digest) {
      const location = locations.get(digest);
      if (!location) return undefined;
      const [offset, length] = location;
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await pack.read(buffer, 0, length, offset);
      return bytesRead === length ? buffer : undefined;
    },
    async sync() {
      const synced = fresh;
      fresh = {};
      if (Object.keys(synced).length > 0) await pack.datasync();
      return synced;
    },
    close: () => pack.close(),
  };
}
