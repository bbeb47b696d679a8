import { normalizePunctuation } from './normalize-line.js';

type Normalize = (line: string) => string;

const trimEnd: Normalize = (line) => line.trimEnd();
const trim: Normalize = (line) => line.trim();

/** The passes of Codex's `seek_sequence` after the exact one, in order: trim-end, trim, punctuation-normalised. */
const NORMALIZING_PASSES: readonly Normalize[] = [trimEnd, trim, normalizePunctuation];

/** File lines with lazily computed normalised forms, shared by every hunk of one file. */
export class SeekableLines {
  readonly lines: readonly string[];
  private readonly cache = new Map<Normalize, string[]>();

  constructor(lines: readonly string[]) {
    this.lines = lines;
  }

  normalized(normalize: Normalize): readonly string[] {
    let cached = this.cache.get(normalize);
    if (!cached) {
      cached = this.lines.map(normalize);
      this.cache.set(normalize, cached);
    }
    return cached;
  }
}

/**
 * The lines to find, in order: read by index, and compared with a file's line where they are
 * (a hunk's lines lie in the patch text: the exact pass makes none of them a string).
 */
export interface SeekPattern {
  readonly length: number;
  /** Line `index` of the pattern as a string (for the normalising passes). */
  text(index: number): string;
  /** Whether line `index` of the pattern is `line`. */
  is(index: number, line: string): boolean;
}

/** A pattern of lines already made strings. */
export function linesPattern(lines: readonly string[]): SeekPattern {
  return { length: lines.length, text: (index) => lines[index]!, is: (index, line) => lines[index] === line };
}

function matchesAt(lines: readonly string[], pattern: SeekPattern, at: number): boolean {
  for (let offset = 1; offset < pattern.length; offset++) {
    if (!pattern.is(offset, lines[at + offset]!)) return false;
  }
  return true;
}

function matchesNormalizedAt(lines: readonly string[], wanted: readonly string[], at: number): boolean {
  for (let offset = 1; offset < wanted.length; offset++) {
    if (lines[at + offset] !== wanted[offset]) return false;
  }
  return true;
}

/**
 * Finds `pattern` in the file at or after `start`, trying each pass over the whole range before
 * the next, looser one (an earlier pass wins even when a later one matches sooner). With
 * `endOfFile`, only the last possible position is tried. Returns the index, or -1.
 */
export function seekSequence(
  file: SeekableLines,
  pattern: SeekPattern,
  start: number,
  endOfFile: boolean,
): number {
  if (pattern.length === 0) return start;
  const last = file.lines.length - pattern.length;
  if (last < start) return -1;
  const from = endOfFile ? last : start;
  // The exact pass, in place: a file line is compared only when its length is the first line's.
  const lines = file.lines;
  const firstLength = pattern.text(0).length;
  for (let index = from; index <= last; index++) {
    const line = lines[index]!;
    if (line.length === firstLength && pattern.is(0, line) && matchesAt(lines, pattern, index)) return index;
  }
  let wanted: string[] | undefined;
  for (const normalize of NORMALIZING_PASSES) {
    const normalized = file.normalized(normalize);
    wanted ??= Array.from({ length: pattern.length }, (_, index) => pattern.text(index));
    const forms = wanted.map(normalize);
    const first = forms[0];
    for (let index = from; index <= last; index++) {
      if (normalized[index] === first && matchesNormalizedAt(normalized, forms, index)) return index;
    }
  }
  return -1;
}
