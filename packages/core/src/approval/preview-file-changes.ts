import type { FileChangePreview } from './approval-summary.js';

/** A file larger than this is not previewed whole (1 MiB). */
export const MAX_PREVIEW_FILE_BYTES = 1024 * 1024;

/** One file's content before or after a call, as bytes or text; null when it does not exist. */
export type FileContent = Uint8Array | string | null;

const decoder = new TextDecoder('utf-8', { fatal: true });

function shownText(content: Uint8Array | string): string | undefined {
  if (typeof content === 'string')
    return Buffer.byteLength(content) > MAX_PREVIEW_FILE_BYTES || content.includes('\0')
      ? undefined
      : content;
  if (content.length > MAX_PREVIEW_FILE_BYTES || content.includes(0)) return undefined;
  try {
    return decoder.decode(content);
  } catch {
    return undefined;
  }
}

/**
 * The whole-file previews of a call's changes, for `ApprovalSummary.files`: every file as text
 * (UTF-8, a leading BOM dropped), or undefined when one of them cannot be shown — binary (a NUL
 * byte), not UTF-8, or over {@link MAX_PREVIEW_FILE_BYTES} — so a host shows all or none.
 */
export function previewFileChanges(
  changes: readonly { readonly path: string; readonly before: FileContent; readonly after: FileContent }[],
): readonly FileChangePreview[] | undefined {
  const previews: FileChangePreview[] = [];
  for (const { path, before, after } of changes) {
    const oldText = before === null ? null : shownText(before);
    const newText = after === null ? null : shownText(after);
    if (oldText === undefined || newText === undefined) return undefined;
    previews.push({ path, oldText, newText });
  }
  return previews.length > 0 ? previews : undefined;
}
