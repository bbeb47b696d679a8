import { findClosestRegion, numberLines } from '../internal/closest-region.js';
import { SeekableLines, seekSequence } from '../internal/seek-sequence.js';
import type { TextFile } from '../internal/text-file.js';
import type { HunkLines, PatchHunk } from './patch-operation.js';

/** A hunk that could not be placed. */
export interface HunkMismatch {
  /** 1-based index of the hunk within its file section. */
  readonly hunk: number;
  /** 1-based patch line of the hunk. */
  readonly patchLine: number;
  /** What was searched for: a `@@` context line, or the hunk's context and removed lines. */
  readonly kind: 'context' | 'lines';
  /** The lines that were not found. */
  readonly expected: readonly string[];
  /** Where the file most likely has them. */
  readonly closest?: { readonly line: number; readonly lines: readonly string[] };
  /** The hunk had `*** End of File` and its lines are not the file's last lines. */
  readonly endOfFile: boolean;
  /** 1-based file line the search started at (hunks match in file order). */
  readonly searchedFrom: number;
}

export type ApplyHunksResult =
  | {
      readonly ok: true;
      readonly edit: EditedFile;
      readonly linesAdded: number;
      readonly linesRemoved: number;
    }
  | { readonly ok: false; readonly mismatch: HunkMismatch };

interface Placement {
  readonly start: number;
  readonly lines: HunkLines;
  /** How many of the hunk's lines apply: a trailing blank context line dropped to match is not. */
  readonly count: number;
}

/**
 * Places every hunk with Codex's rules (contexts then lines, in file order, four matching passes,
 * End-of-File hunks at the end, a trailing blank context line dropped when it blocks a match) and
 * rewrites the file: only `-` lines are removed and `+` lines inserted; every other line keeps its
 * bytes and ending. Inserted lines take the file's majority ending; the final-newline state and the
 * BOM are kept.
 */
export function applyHunks(file: TextFile, hunks: readonly PatchHunk[]): ApplyHunksResult {
  const seekable = new SeekableLines(file.lines);
  const placements: Placement[] = [];
  let lineIndex = 0;
  for (let number = 0; number < hunks.length; number++) {
    const hunk = hunks[number]!;
    for (const context of hunk.contexts) {
      const found = seekSequence(seekable, [context], lineIndex, false);
      if (found < 0) {
        return mismatch(file, hunk, number, 'context', [context], lineIndex);
      }
      lineIndex = found + 1;
    }
    const { lines } = hunk;
    let count = lines.count;
    let old = oldLines(lines, count);
    if (old.length === 0) {
      placements.push({
        start: hunk.contexts.length > 0 && !hunk.endOfFile ? lineIndex : file.lines.length,
        lines,
        count,
      });
      continue;
    }
    let found = seekSequence(seekable, old, lineIndex, hunk.endOfFile);
    while (found < 0 && count > 0 && isBlankContext(lines, count - 1)) {
      count--;
      old = oldLines(lines, count);
      if (old.length === 0) break;
      found = seekSequence(seekable, old, lineIndex, hunk.endOfFile);
    }
    if (found < 0) {
      return mismatch(file, hunk, number, 'lines', oldLines(lines), lineIndex);
    }
    placements.push({ start: found, lines, count });
    lineIndex = found + old.length;
  }
  placements.sort((left, right) => left.start - right.start);

  // The edit as runs of the file's own lines and the new lines between them: writing it copies
  // the kept runs whole (see encodeEditedFile) instead of going line by line.
  const pieces: EditPiece[] = [];
  const keep = (from: number, to: number): void => {
    if (to <= from) return;
    const previous = pieces[pieces.length - 1];
    if (previous?.kind === 'keep' && previous.to === from) previous.to = to;
    else pieces.push({ kind: 'keep', from, to });
  };
  const insert = (text: string): void => {
    const previous = pieces[pieces.length - 1];
    if (previous?.kind === 'insert') previous.lines.push(text);
    else pieces.push({ kind: 'insert', lines: [text] });
  };
  let cursor = 0;
  let added = 0;
  let removed = 0;
  for (const placement of placements) {
    keep(cursor, placement.start);
    cursor = Math.max(cursor, placement.start);
    const { lines } = placement;
    for (let index = 0; index < placement.count; index++) {
      const kind = lines.kind(index);
      if (kind === 'add') {
        insert(lines.text(index));
        added++;
      } else if (kind === 'remove') {
        cursor++;
        removed++;
      } else {
        keep(cursor, cursor + 1);
        cursor++;
      }
    }
  }
  keep(cursor, file.lines.length);
  return { ok: true, edit: { original: file, pieces }, linesAdded: added, linesRemoved: removed };
}

/** A run of the original file's lines kept with their endings, or new lines inserted. */
export type EditPiece =
  | { readonly kind: 'keep'; readonly from: number; to: number }
  | { readonly kind: 'insert'; readonly lines: string[] };

/** A file as the hunks left it: its original and the pieces the new file is made of, in order. */
export interface EditedFile {
  readonly original: TextFile;
  readonly pieces: readonly EditPiece[];
}

/**
 * The edited file's lines and endings: kept lines keep theirs, inserted lines take the majority
 * ending, a kept last line without one gets it when lines follow, and the final-newline state of
 * the original holds for the new last line.
 */
export function editedTextFile({ original, pieces }: EditedFile): TextFile {
  const lines: string[] = [];
  const endings: string[] = [];
  for (const piece of pieces) {
    if (piece.kind === 'keep') {
      for (let index = piece.from; index < piece.to; index++) {
        lines.push(original.lines[index]!);
        endings.push(original.endings[index] || original.eol);
      }
    } else {
      for (const line of piece.lines) {
        lines.push(line);
        endings.push(original.eol);
      }
    }
  }
  if (lines.length > 0) {
    const last = lines.length - 1;
    endings[last] = original.finalNewline ? endings[last]! : '';
  }
  return { bom: original.bom, lines, endings, finalNewline: original.finalNewline, eol: original.eol };
}

/** The context and removed lines among a hunk's first `count` (all of them by default): what must match the file. */
function oldLines(lines: HunkLines, count = lines.count): string[] {
  const old: string[] = [];
  for (let index = 0; index < count; index++) if (lines.kind(index) !== 'add') old.push(lines.text(index));
  return old;
}

function isBlankContext(lines: HunkLines, index: number): boolean {
  return lines.kind(index) === 'context' && lines.text(index).trim() === '';
}

function mismatch(
  file: TextFile,
  hunk: PatchHunk,
  index: number,
  kind: 'context' | 'lines',
  expected: readonly string[],
  from: number,
): ApplyHunksResult {
  const region = findClosestRegion(file.lines, expected, kind === 'context' ? from : 0);
  return {
    ok: false,
    mismatch: {
      hunk: index + 1,
      patchLine: hunk.line,
      kind,
      expected,
      ...(region ? { closest: { line: region.line, lines: region.lines } } : {}),
      endOfFile: hunk.endOfFile && kind === 'lines',
      searchedFrom: from + 1,
    },
  };
}

/**
 * The model-facing text of a mismatch; `withheld` says the file's closest lines are left out until
 * the call is approved (and how to read them).
 */
export function describeMismatch(path: string, mismatch: HunkMismatch, withheld = false): string {
  const where = `hunk ${mismatch.hunk} (patch line ${mismatch.patchLine})`;
  const head =
    mismatch.kind === 'context'
      ? `Failed to find the context line '@@ ${mismatch.expected[0]}' of ${where} in ${path}${mismatch.searchedFrom > 1 ? ` at or after line ${mismatch.searchedFrom}` : ''}.`
      : mismatch.endOfFile
        ? `Failed to find the expected lines of ${where} at the end of ${path} ('*** End of File' anchors them to the last lines):\n${mismatch.expected.join('\n')}`
        : `Failed to find the expected lines of ${where} in ${path}${mismatch.searchedFrom > 1 ? ` at or after line ${mismatch.searchedFrom} (hunks must be in file order)` : ''}:\n${mismatch.expected.join('\n')}`;
  const closest = mismatch.closest
    ? `\nThe closest region of the file is at line ${mismatch.closest.line}:\n${numberLines(mismatch.closest.lines, mismatch.closest.line)}`
    : withheld
      ? `\nThe file's closest lines are not shown before this call is approved; read ${path} with read_file to see them.`
      : '';
  return `${head}${closest}\nContext (' ') and removed ('-') lines must match the file's lines; re-read ${path} and fix the hunk. Nothing was changed.`;
}
