import { readRegularFile } from '@toolgate/core';

/** Files above this size are not read for an approval diff. */
export const DIFF_SOURCE_LIMIT_BYTES = 1024 * 1024;

/**
 * The text of a file for a diff, or why there is none: too large, binary (a NUL byte), or
 * unreadable. Never reads more than {@link DIFF_SOURCE_LIMIT_BYTES}. Read as every workspace read
 * is (`readRegularFile` on the checked real path): a FIFO swapped in after the caller's check does
 * not hang the preview, and neither a symlink swapped in at the end nor a directory swapped on the
 * way shows a file from elsewhere.
 */
export async function readTextForDiff(
  realPath: string,
): Promise<{ readonly text: string } | { readonly omitted: 'too_large' | 'binary' | 'unreadable' }> {
  try {
    const read = await readRegularFile(realPath, {
      maxBytes: DIFF_SOURCE_LIMIT_BYTES,
      checkedRealPath: true,
    });
    if (read.kind === 'too_large') return { omitted: 'too_large' };
    if (read.kind !== 'file') return { omitted: 'unreadable' };
    if (read.bytes.includes(0)) return { omitted: 'binary' };
    return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(read.bytes) };
  } catch {
    return { omitted: 'unreadable' };
  }
}
