import { fileCalls } from './file-calls.js';

/**
 * The first `size` bytes of the file open on `fd`, read from its start (fewer when it is shorter
 * now: bytes a writer appends later are not this read's).
 */
export async function readWhole(fd: number, size: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(size);
  let length = 0;
  while (length < buffer.length) {
    const count = await fileCalls.read(fd, buffer, length, buffer.length - length, length);
    if (count === 0) break;
    length += count;
  }
  return buffer.subarray(0, length);
}
