import { isAbsolute, relative } from 'node:path';
import { createUnifiedDiff, type FileChangePreview } from '@toolgate/core';
import type { Colors } from './colors.js';
import { formatDiff } from './format-diff.js';
import { shownText } from './shown-text.js';

const MAX_FILES = 10;

/** A path as a person reads it: relative to the workspace root when it is inside it. */
export function shownPath(path: string, root: string): string {
  const inside = relative(root, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

function counts(change: FileChangePreview): string {
  const diff = createUnifiedDiff(change.oldText ?? '', change.newText ?? '', { path: 'x' });
  let added = 0;
  let removed = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++') || line.startsWith('---')) continue;
    if (line.startsWith('+')) added++;
    else if (line.startsWith('-')) removed++;
  }
  return `+${added} -${removed}`;
}

/**
 * The diff summary of the files a call changed, one `A`/`M`/`D` line each with its added and
 * removed lines (`M src/a.ts +3 -1`), from the changes its preflight planned: no file is read.
 */
export function formatFileChanges(
  changes: readonly FileChangePreview[],
  root: string,
  colors: Colors,
  indent: string,
): string {
  const lines = changes.slice(0, MAX_FILES).map((change) => {
    const [letter, paint] =
      change.oldText === null
        ? (['A', colors.green] as const)
        : change.newText === null
          ? (['D', colors.red] as const)
          : (['M', colors.yellow] as const);
    return `${indent}${paint(letter)} ${shownText(shownPath(change.path, root))} ${colors.dim(counts(change))}\n`;
  });
  const more = changes.length - MAX_FILES;
  return lines.join('') + (more > 0 ? `${indent}${colors.dim(`… ${more} more files`)}\n` : '');
}

/** Each changed file's unified diff, coloured and indented, for `--verbose`. */
export function formatChangeDiffs(
  changes: readonly FileChangePreview[],
  root: string,
  colors: Colors,
  indent: string,
): string {
  return changes
    .slice(0, MAX_FILES)
    .map((change) => {
      const diff = createUnifiedDiff(change.oldText ?? '', change.newText ?? '', {
        path: shownPath(change.path, root),
        created: change.oldText === null,
        deleted: change.newText === null,
      });
      return formatDiff(shownText(diff), colors).replace(/^/gm, indent) + '\n';
    })
    .join('');
}
