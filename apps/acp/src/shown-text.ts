import { readRegularFile } from '@toolgate/core';

/** Larger files are not shown whole (the editor gets a summary instead). */
export const MAX_SHOWN_BYTES = 1024 * 1024;

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text to show a person, or undefined when they are too large, binary or not UTF-8. */
export function decodeShownText(bytes: Uint8Array): string | undefined {
  if (bytes.length > MAX_SHOWN_BYTES || bytes.includes(0)) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A file's text to show, null when it does not exist, undefined when it cannot be shown as text. */
export async function readShownText(path: string): Promise<string | null | undefined> {
  try {
    const read = await readRegularFile(path, { maxBytes: MAX_SHOWN_BYTES });
    if (read.kind === 'missing') return null;
    return read.kind === 'file' ? decodeShownText(read.bytes) : undefined;
  } catch {
    return undefined;
  }
}
