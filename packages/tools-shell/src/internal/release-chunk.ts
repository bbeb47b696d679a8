/** `ArrayBuffer.prototype.transfer` (ES2024; Node ≥ 22 has it, the repo's `lib` is ES2023). */
type Transferable = ArrayBuffer & { transfer(newLength: number): ArrayBuffer };

/**
 * Frees the memory of a chunk read from a child's pipe now rather than at the next garbage
 * collection, by detaching the ArrayBuffer behind it; the chunk is empty afterwards. Only a chunk
 * that is the whole of its ArrayBuffer is detached (a slice of a pool or of a larger buffer is
 * left alone). Only for chunks nothing else holds: the caller owns the chunk and is done with it.
 *
 * Node gives each pipe read a fresh buffer and V8 frees it only when the external memory since the
 * last collection passes its threshold, so a command printing a gigabyte held ~64 MB of dead
 * read buffers at a time; freed at once, the allocator reuses the same few.
 */
export function releaseChunk(chunk: Buffer): void {
  const { buffer } = chunk;
  if (chunk.byteOffset !== 0 || chunk.byteLength !== buffer.byteLength || !(buffer instanceof ArrayBuffer)) {
    return;
  }
  try {
    (buffer as Transferable).transfer(0);
  } catch {
    // A buffer that cannot be detached (one Node marked so) is freed by the collector as before.
  }
}
