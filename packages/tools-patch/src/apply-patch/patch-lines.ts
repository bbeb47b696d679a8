const CR = 0x0d;
const SPACE = 0x20;

/**
 * Patch text indexed by line, its lines read in place: line `i` is `text[starts[i] …
 * starts[i + 1] - 1)`, its `\n` left out, and a `\r` before it too (CRLF patch text).
 *
 * Why offsets and not `text.split('\n')`: a large patch has some 200,000 lines. An array of their
 * strings, and the hunk lines made from them, would live as long as the parsed patch (the whole
 * call: the plan, the approval, the plan again), and a large set of young objects that survive is
 * what V8's scavenger copies, twice each, and what makes it grow the young generation. Here the
 * parse keeps two numbers per hunk, and a hunk's lines are made from the text when the planner
 * reads them, one file at a time, to die young.
 */
export class PatchLines {
  readonly text: string;
  /** How many lines the text has (what follows its last `\n` is one, maybe empty). */
  readonly count: number;
  /** Where each line starts, and one entry past the end (as if the text ended with a `\n`). */
  private readonly starts: Int32Array;

  constructor(text: string) {
    this.text = text;
    let breaks = 0;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) breaks++;
    this.count = breaks + 1;
    const starts = new Int32Array(this.count + 1);
    let line = 1;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts[line++] = at + 1;
    starts[this.count] = text.length + 1;
    this.starts = starts;
  }

  /** Where line `index` ends: before its `\n`, and before a `\r` there. */
  private end(index: number): number {
    const end = this.starts[index + 1]! - 1;
    return end > this.starts[index]! && this.text.charCodeAt(end - 1) === CR ? end - 1 : end;
  }

  /** Line `index` without its ending. */
  line(index: number): string {
    return this.text.slice(this.starts[index]!, this.end(index));
  }

  /** Line `index` without its first character (a hunk or Add line's marker) and its ending. */
  afterMarker(index: number): string {
    return this.text.slice(this.starts[index]! + 1, this.end(index));
  }

  /** The first character's code of line `index`; NaN for an empty line. */
  firstCode(index: number): number {
    const start = this.starts[index]!;
    return start < this.end(index) ? this.text.charCodeAt(start) : Number.NaN;
  }

  /** Whether line `index` starts with `prefix` (which holds no line break). */
  startsWith(index: number, prefix: string): boolean {
    const start = this.starts[index]!;
    return this.end(index) - start >= prefix.length && this.text.startsWith(prefix, start);
  }

  /** Whether line `index` is empty or only whitespace (what `trim` removes). */
  isBlank(index: number): boolean {
    const start = this.starts[index]!;
    const end = this.end(index);
    // Printable ASCII is never whitespace: most lines are told apart by their first character.
    const first = this.text.charCodeAt(start);
    if (start < end && first > SPACE && first < 0x7f) return false;
    return this.text.slice(start, end).trim() === '';
  }
}
