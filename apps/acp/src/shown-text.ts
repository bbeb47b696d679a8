import { MAX_PREVIEW_FILE_BYTES, previewFileChanges, readRegularFile } from '@toolgate/core';

/**
 * A file's text to show, decoded as tools preview their changes (core's `previewFileChanges`):
 * null when it does not exist, undefined when it cannot be shown as text (binary, not UTF-8, over
 * 1 MiB, not a regular file, unreadable).
 */
export async function readShownText(path: string): Promise<string | null | undefined> {
  try {
    const read = await readRegularFile(path, { maxBytes: MAX_PREVIEW_FILE_BYTES });
    if (read.kind === 'missing') return null;
    if (read.kind !== 'file') return undefined;
    return previewFileChanges([{ path, before: read.bytes, after: null }])?.[0]?.oldText ?? undefined;
  } catch {
    return undefined;
  }
}
