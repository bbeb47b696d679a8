import { isUtf8 } from 'node:buffer';
import type { FileChangePreview } from './approval-summary.js';

/** A file larger than this is not previewed whole (1 MiB). */
export const MAX_PREVIEW_FILE_BYTES = 1024 * 1024;

/** One file's content before or after a call, as bytes or text; null when it does not exist. */
export type FileContent = Uint8Array | string | null;

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Whether the content can be shown whole as text: not over the limit, no NUL byte, UTF-8. */
function showable(content: Uint8Array | string): boolean {
  if (typeof content === 'string')
    return Buffer.byteLength(content) <= MAX_PREVIEW_FILE_BYTES && !content.includes('\0');
  return content.length <= MAX_PREVIEW_FILE_BYTES && !content.includes(0) && isUtf8(content);
}

function shownText(content: FileContent): string | null {
  if (content === null) return null;
  return typeof content === 'string' ? content : decoder.decode(content);
}

/**
 * The whole-file previews of a call's changes, for `ApprovalSummary.files`: every file as text
 * (UTF-8, a leading BOM dropped), or undefined when one of them cannot be shown — binary (a NUL
 * byte), not UTF-8, or over {@link MAX_PREVIEW_FILE_BYTES} — so a host shows all or none. Each
 * text is decoded when first read: a call whose host shows no file (a patch of 500 files through
 * `toolgate call`) never decodes them.
 */
export function previewFileChanges(
  changes: readonly { readonly path: string; readonly before: FileContent; readonly after: FileContent }[],
): readonly FileChangePreview[] | undefined {
  const previews: FileChangePreview[] = [];
  for (const { path, before, after } of changes) {
    if ((before !== null && !showable(before)) || (after !== null && !showable(after))) return undefined;
    let oldText: string | null | undefined;
    let newText: string | null | undefined;
    previews.push({
      path,
      get oldText() {
        if (oldText === undefined) oldText = shownText(before);
        return oldText;
      },
      get newText() {
        if (newText === undefined) newText = shownText(after);
        return newText;
      },
    });
  }
  return previews.length > 0 ? previews : undefined;
}
