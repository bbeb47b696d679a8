/** Options for {@link createUnifiedDiff}. */
export interface UnifiedDiffOptions {
  /** Path shown in the `---`/`+++` headers. @default 'file' */
  readonly path?: string;
  /** Path of the new side when it differs (a move). @default path */
  readonly newPath?: string;
  /** The file does not exist yet: the old side is `/dev/null`, as git prints it. @default false */
  readonly created?: boolean;
  /** The file goes away: the new side is `/dev/null`. @default false */
  readonly deleted?: boolean;
  /** Lines of context around each change. @default 3 */
  readonly context?: number;
  /** Stop after this many output lines and add a marker. @default 2000 */
  readonly maxLines?: number;
}

type Edit = { readonly type: 'equal' | 'delete' | 'insert'; readonly line: string };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Beyond this much bookkeeping the middle of a diff is shown as one replaced block. */
const MAX_TRACE_CELLS = 16_000_000;

/** Line edits: common prefix and suffix, then Myers' O(ND) shortest edit script on the middle. */
function diffLines(before: readonly string[], after: readonly string[]): Edit[] {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix++;
  const middle = myersDiff(
    before.slice(prefix, before.length - suffix),
    after.slice(prefix, after.length - suffix),
  );
  return [
    ...before.slice(0, prefix).map((line): Edit => ({ type: 'equal', line })),
    ...middle,
    ...before.slice(before.length - suffix).map((line): Edit => ({ type: 'equal', line })),
  ];
}

function myersDiff(before: readonly string[], after: readonly string[]): Edit[] {
  const n = before.length;
  const m = after.length;
  const max = n + m;
  const offset = max + 1;
  const frontier = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    if (d * frontier.length > MAX_TRACE_CELLS) {
      return [
        ...before.map((line): Edit => ({ type: 'delete', line })),
        ...after.map((line): Edit => ({ type: 'insert', line })),
      ];
    }
    trace.push(frontier.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && frontier[offset + k - 1]! < frontier[offset + k + 1]!)
          ? frontier[offset + k + 1]!
          : frontier[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && before[x] === after[y]) {
        x++;
        y++;
      }
      frontier[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  const edits: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const previousK = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : v[offset + previousK]!;
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      edits.push({ type: 'equal', line: before[x - 1]! });
      x--;
      y--;
    }
    if (d > 0) {
      if (x === previousX) edits.push({ type: 'insert', line: after[y - 1]! });
      else edits.push({ type: 'delete', line: before[x - 1]! });
    }
    x = previousX;
    y = previousY;
  }
  return edits.reverse();
}

/**
 * The `---`/`+++` header lines of a unified diff: `a/<path>` and `b/<newPath>`, or `/dev/null` for
 * the side of a file that is created or deleted.
 */
export function unifiedDiffHeader(options: UnifiedDiffOptions = {}): string {
  const path = options.path ?? 'file';
  const oldSide = options.created ? '/dev/null' : `a/${path}`;
  const newSide = options.deleted ? '/dev/null' : `b/${options.newPath ?? path}`;
  return `--- ${oldSide}\n+++ ${newSide}\n`;
}

/**
 * A unified diff (`---`/`+++`/`@@` hunks) of two texts, for approval requests and previews.
 * Returns the empty string when the texts are equal.
 */
export function createUnifiedDiff(before: string, after: string, options: UnifiedDiffOptions = {}): string {
  if (before === after) return '';
  const context = options.context ?? 3;
  const maxLines = options.maxLines ?? 2000;
  const edits = diffLines(splitLines(before), splitLines(after));
  const out = unifiedDiffHeader(options).slice(0, -1).split('\n');
  let index = 0;
  let oldLine = 1;
  let newLine = 1;
  const positions = edits.map((edit) => {
    const position = { oldLine, newLine };
    if (edit.type !== 'insert') oldLine++;
    if (edit.type !== 'delete') newLine++;
    return position;
  });
  while (index < edits.length) {
    while (index < edits.length && edits[index]!.type === 'equal') index++;
    if (index >= edits.length) break;
    const start = Math.max(0, index - context);
    let end = index;
    let lastChange = index;
    while (end < edits.length) {
      if (edits[end]!.type !== 'equal') lastChange = end;
      else if (end - lastChange > 2 * context) break;
      end++;
    }
    end = Math.min(edits.length, lastChange + context + 1);
    const hunk = edits.slice(start, end);
    const oldCount = hunk.filter((edit) => edit.type !== 'insert').length;
    const newCount = hunk.filter((edit) => edit.type !== 'delete').length;
    const first = positions[start]!;
    out.push(
      `@@ -${oldCount === 0 ? first.oldLine - 1 : first.oldLine},${oldCount} +${newCount === 0 ? first.newLine - 1 : first.newLine},${newCount} @@`,
    );
    for (const edit of hunk)
      out.push(`${edit.type === 'equal' ? ' ' : edit.type === 'delete' ? '-' : '+'}${edit.line}`);
    index = end;
    if (out.length > maxLines) {
      const dropped = out.length - maxLines;
      out.length = maxLines;
      out.push(`… diff clipped (${dropped}+ more lines)`);
      break;
    }
  }
  return `${out.join('\n')}\n`;
}
