import { fileCalls } from './file-calls.js';

/** Bytes written per call: a large file is written in steps, the host's stop checked between them. */
const WRITE_CHUNK_BYTES = 512 * 1024;

/** Writes all of `bytes` to `fd` from its start, checking `stop` before each step. */
export async function writeAll(fd: number, bytes: Uint8Array, stop: AbortSignal | undefined): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    stop?.throwIfAborted();
    const length = Math.min(WRITE_CHUNK_BYTES, bytes.length - offset);
    const position = offset;
    offset += await fileCalls.write(fd, bytes, position, length, position);
  }
}
