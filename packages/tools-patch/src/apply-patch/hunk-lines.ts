import type { PatchLines } from './patch-lines.js';
import type { HunkLineKind, HunkLines } from './patch-operation.js';

const SPACE = 0x20;
const PLUS = 0x2b;
const MINUS = 0x2d;

/**
 * What line `index` of the patch is inside a hunk, by its first character: a context, added or
 * removed line, a blank line (no marker: an empty context line inside a hunk, a separator after the
 * last one), or undefined when it is none of them. A blank line is told last: telling it may trim.
 */
export function hunkLineKind(lines: PatchLines, index: number): HunkLineKind | 'blank' | undefined {
  const first = lines.firstCode(index);
  if (first === SPACE) return 'context';
  if (first === PLUS) return 'add';
  if (first === MINUS) return 'remove';
  return lines.isBlank(index) ? 'blank' : undefined;
}

/**
 * A hunk's lines read in place: patch lines `from` up to `from + count`, each a context, added or
 * removed line or a blank one (an empty context line). A line's text is made a string only when
 * asked for ({@link text}).
 */
export class PatchHunkLines implements HunkLines {
  constructor(
    private readonly patch: PatchLines,
    private readonly from: number,
    readonly count: number,
  ) {}

  kind(index: number): HunkLineKind {
    const kind = hunkLineKind(this.patch, this.from + index);
    return kind === 'blank' || kind === undefined ? 'context' : kind;
  }

  text(index: number): string {
    const at = this.from + index;
    return hunkLineKind(this.patch, at) === 'blank' ? '' : this.patch.afterMarker(at);
  }
}
