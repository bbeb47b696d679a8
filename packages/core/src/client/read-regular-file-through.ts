import { type RegularFileRead, readRegularFile } from '../workspace/read-regular-file.js';
import type { ClientFiles } from './client-files.js';

/**
 * {@link readRegularFile}, with a regular file's bytes as the client holds them (an unsaved
 * buffer) when it has the file. The disk is asked first: what is there (missing, a directory, a
 * FIFO, a link, too large) is the disk's answer, so the client is only ever asked about a regular
 * file; a client's text over the limit is `too_large` as the disk's would be. The caller checks
 * the path against the workspace before calling this.
 */
export async function readRegularFileThrough(
  files: ClientFiles | undefined,
  realPath: string,
  options: { readonly maxBytes: number; readonly signal: AbortSignal },
): Promise<RegularFileRead> {
  const read = await readRegularFile(realPath, { maxBytes: options.maxBytes, checkedRealPath: true });
  if (read.kind !== 'file' || !files?.readTextFile) return read;
  const text = await files.readTextFile(realPath, options.signal);
  if (text === undefined) return read;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > options.maxBytes)
    return { kind: 'too_large', size: bytes.length, limit: options.maxBytes };
  return { kind: 'file', bytes, mode: read.mode };
}
