import { findClosestMatches } from '@toolgate/core/workspace-io';
import { looseLine } from './normalize-line.js';

/** Where in a file a block that was not found most likely is. */
export interface ClosestRegion {
  /** 1-based line number of the region's first line. */
  readonly line: number;
  /** The file's lines there, as many as the block has. */
  readonly lines: readonly string[];
  /** Block lines that also appear in the region at their position (loosely compared). */
  readonly matchingLines: number;
}

const MAX_FUZZY_LINES = 5000;

/**
 * The window of the file sharing the most lines (whitespace- and punctuation-insensitive) with
 * `block`, at their relative positions; for a single line without such a match, the line closest
 * by edit distance. Linear in the file size for the common case.
 */
export function findClosestRegion(
  lines: readonly string[],
  block: readonly string[],
  from = 0,
): ClosestRegion | undefined {
  if (block.length === 0 || lines.length === 0) return undefined;
  const positions = new Map<string, number[]>();
  block.forEach((line, offset) => {
    const key = looseLine(line);
    if (key === '') return;
    const list = positions.get(key);
    if (list) list.push(offset);
    else positions.set(key, [offset]);
  });
  const scores = new Map<number, number>();
  for (let index = from; index < lines.length; index++) {
    const offsets = positions.get(looseLine(lines[index]!));
    if (!offsets) continue;
    for (const offset of offsets) {
      const start = index - offset;
      if (start < 0) continue;
      scores.set(start, (scores.get(start) ?? 0) + 1);
    }
  }
  let best = -1;
  let bestScore = 0;
  for (const [start, score] of scores) {
    if (score > bestScore || (score === bestScore && start < best)) {
      best = start;
      bestScore = score;
    }
  }
  if (best < 0) {
    const target = block.find((line) => line.trim() !== '');
    if (target === undefined || lines.length > MAX_FUZZY_LINES) return undefined;
    const trimmed = lines.map((line) => line.trim());
    const [closest] = findClosestMatches(target.trim(), trimmed.slice(from), 1);
    if (closest === undefined) return undefined;
    const offset = block.indexOf(target);
    best = Math.max(0, trimmed.indexOf(closest, from) - offset);
  }
  return {
    line: best + 1,
    lines: lines.slice(best, best + block.length),
    matchingLines: bestScore,
  };
}

/** `  12| text` lines for a message. */
export function numberLines(lines: readonly string[], firstLine: number): string {
  const width = String(firstLine + lines.length - 1).length;
  return lines.map((line, index) => `${String(firstLine + index).padStart(width)}| ${line}`).join('\n');
}
