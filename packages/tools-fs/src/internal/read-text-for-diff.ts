import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { assertOpenedAt } from '@toolgate/core/workspace-io';

/** Files above this size are not read for an approval diff. */
export const DIFF_SOURCE_LIMIT_BYTES = 1024 * 1024;

/**
 * The text of a file for a diff, or why there is none: too large, binary (a NUL byte), or
 * unreadable. Never reads more than {@link DIFF_SOURCE_LIMIT_BYTES}.
 */
export async function readTextForDiff(
  realPath: string,
): Promise<{ readonly text: string } | { readonly omitted: 'too_large' | 'binary' | 'unreadable' }> {
  try {
    // O_NONBLOCK: a FIFO swapped in after the caller's check must not hang the preview; O_NOFOLLOW
    // and the descriptor's own path: nor may a symlink swapped in show a file from elsewhere.
    const handle = await open(realPath, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    try {
      await assertOpenedAt(handle.fd, realPath);
      const { size } = await handle.stat();
      if (size > DIFF_SOURCE_LIMIT_BYTES) return { omitted: 'too_large' };
      const buffer = Buffer.alloc(size);
      const { bytesRead } = await handle.read(buffer, 0, size, 0);
      const bytes = buffer.subarray(0, bytesRead);
      if (bytes.includes(0)) return { omitted: 'binary' };
      return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
    } finally {
      await handle.close();
    }
  } catch {
    return { omitted: 'unreadable' };
  }
}
