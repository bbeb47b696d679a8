import { normalizePunctuation } from './normalize-line.js';

type Normalize = (line: string) => string;

const trimEnd: Normalize = (line) => line.trimEnd();
const trim: Normalize = (line) => line.trim();

/** The passes of Codex's `seek_sequence`, in order: exact, trim-end, trim, punctuation-normalised. */
const PASSES: readonly (Normalize | undefined)[] = [undefined, trimEnd, trim, normalizePunctuation];

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

function matchesAt(lines: readonly string[], pattern: readonly string[], at: number): boolean {
  for (let offset = 0; offset < pattern.length; offset++) {
    if (lines[at + offset] !== pattern[offset]) return false;
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
  pattern: readonly string[],
  start: number,
  endOfFile: boolean,
): number {
  if (pattern.length === 0) return start;
  const last = file.lines.length - pattern.length;
  if (last < start) return -1;
  const from = endOfFile ? last : start;
  for (const normalize of PASSES) {
    const lines = normalize ? file.normalized(normalize) : file.lines;
    const wanted = normalize ? pattern.map(normalize) : pattern;
    const first = wanted[0];
    for (let index = from; index <= last; index++) {
      if (lines[index] === first && matchesAt(lines, wanted, index)) return index;
    }
  }
  return -1;
}
