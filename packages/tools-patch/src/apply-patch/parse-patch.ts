import { hunkLineKind, PatchHunkLines } from './hunk-lines.js';
import { PatchLines } from './patch-lines.js';
import type { ParsePatchResult, PatchHunk, PatchOperation } from './patch-operation.js';

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const END_OF_FILE = '*** End of File';
const HEADER = /^\*\*\*\s*(Add|Update|Delete)(?: File)?\s*:(.*)$/;
const MOVE_TO = /^\*\*\*\s*Move to\s*:(.*)$/;
const UNIFIED_HUNK = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@(.*)$/;
/** `<<EOF`, `<<'EOF'`, `<<"EOF"`, also after `apply_patch`, `applypatch` or `cat` (a shell habit). */
const HEREDOC_OPENER = /^(?:(?:apply_patch|applypatch|cat)\s+)?<<-?\s*(['"]?)EOF\1$/;
const PLUS = 0x2b;
const STAR = 0x2a;
const AT = 0x40;
const VALID_HEADERS = "'*** Add File: <path>', '*** Update File: <path>' or '*** Delete File: <path>'";

class PatchSyntaxError {
  constructor(
    readonly line: number,
    readonly message: string,
  ) {}
}

function quote(line: string): string {
  return `'${line.length > 200 ? `${line.slice(0, 200)}…` : line}'`;
}

/**
 * Parses patch text in the Codex grammar (`*** Begin Patch` … `*** End Patch`, `*** Add File:`,
 * `*** Update File:` with `*** Move to:` and `@@` hunks, `*** Delete File:`, `*** End of File`),
 * with AI4J's `*** Add:` / `*** Update:` / `*** Delete:` aliases, whitespace-padded markers, a
 * heredoc wrapper, unified-diff headers before the first hunk and `@@ -a,b +c,d @@` hunk headers.
 * Never throws; a failure names the 1-based line and what was expected there.
 */
export function parsePatch(text: string): ParsePatchResult {
  if (lastParsed?.text === text) return lastParsed.result;
  const result = parseOnce(text);
  lastParsed = { text, result };
  return result;
}

/**
 * The last patch parsed: one call parses its patch for its approval summary, to plan it and again
 * to apply it, the same text (the same string, compared by reference first); results are read-only.
 */
let lastParsed: { readonly text: string; readonly result: ParsePatchResult } | undefined;

function parseOnce(text: string): ParsePatchResult {
  try {
    return { ok: true, operations: new Parser(text).parse() };
  } catch (error) {
    if (error instanceof PatchSyntaxError) return { ok: false, line: error.line, message: error.message };
    throw error;
  }
}

class Parser {
  private readonly lines: PatchLines;
  private index = 0;
  private end = 0;

  constructor(text: string) {
    this.lines = new PatchLines(text);
  }

  parse(): PatchOperation[] {
    let first = this.nextNonBlank(0, this.lines.count);
    let last = this.previousNonBlank(this.lines.count - 1, -1);
    if (first >= this.lines.count) {
      throw new PatchSyntaxError(
        1,
        `The patch is empty. It must start with '${BEGIN}' and end with '${END}'.`,
      );
    }
    if (
      HEREDOC_OPENER.test(this.lines.line(first).trim()) &&
      this.lines.line(last).trim().endsWith('EOF') &&
      last > first
    ) {
      first = this.nextNonBlank(first + 1, last);
      last = this.previousNonBlank(last - 1, first);
    }
    if (first >= this.lines.count || this.lines.line(first).trim() !== BEGIN) {
      throw new PatchSyntaxError(
        first + 1,
        `The first line of the patch must be '${BEGIN}'; got ${quote(first < this.lines.count ? this.lines.line(first) : '')}.`,
      );
    }
    if (last <= first || this.lines.line(last).trim() !== END) {
      throw new PatchSyntaxError(
        last + 1,
        `The last line of the patch must be '${END}'; got ${last <= first ? 'the end of the text' : quote(this.lines.line(last))}.`,
      );
    }
    this.index = first + 1;
    this.end = last;
    const operations: PatchOperation[] = [];
    while (this.index < this.end) {
      if (this.lines.isBlank(this.index)) {
        this.index++;
        continue;
      }
      operations.push(this.parseOperation(this.lines.line(this.index).trim()));
    }
    if (operations.length === 0) {
      throw new PatchSyntaxError(
        first + 1,
        `The patch contains no file operations, so no files were modified. Add at least one ${VALID_HEADERS} section.`,
      );
    }
    return operations;
  }

  private nextNonBlank(from: number, limit: number): number {
    let index = from;
    while (index < limit && this.lines.isBlank(index)) index++;
    return index;
  }

  private previousNonBlank(from: number, limit: number): number {
    let index = from;
    while (index > limit && this.lines.isBlank(index)) index--;
    return index;
  }

  private parseOperation(trimmed: string): PatchOperation {
    const lineNumber = this.index + 1;
    const header = HEADER.exec(trimmed);
    if (!header) {
      if (MOVE_TO.test(trimmed)) {
        throw new PatchSyntaxError(
          lineNumber,
          `'*** Move to:' must come directly after an '*** Update File: <path>' line; got ${quote(trimmed)} here.`,
        );
      }
      if (trimmed === END_OF_FILE) {
        throw new PatchSyntaxError(
          lineNumber,
          `'${END_OF_FILE}' must follow the last line of an update hunk; here it follows no hunk.`,
        );
      }
      throw new PatchSyntaxError(
        lineNumber,
        `${quote(trimmed)} is not a valid file operation header. Expected ${VALID_HEADERS}.`,
      );
    }
    const kind = header[1] as 'Add' | 'Update' | 'Delete';
    const path = header[2]!.trim();
    if (path === '') {
      throw new PatchSyntaxError(lineNumber, `${quote(trimmed)} is missing a file path after the colon.`);
    }
    this.index++;
    if (kind === 'Delete') return { type: 'delete', path, line: lineNumber };
    if (kind === 'Add') {
      const { lines } = this;
      const [from, to] = this.parseAddBody();
      return {
        type: 'add',
        path,
        get lines() {
          return addLines(lines, from, to);
        },
        line: lineNumber,
      };
    }
    return this.parseUpdate(path, lineNumber);
  }

  /** The Add section's body: the range of its lines (`from` up to `to`), read when the planner reads them. */
  private parseAddBody(): [from: number, to: number] {
    const from = this.index;
    while (this.index < this.end) {
      if (this.lines.firstCode(this.index) === PLUS) {
        this.index++;
        continue;
      }
      // Blank lines between `+` lines are meant as empty lines of the new file; blank lines before
      // the next header only separate sections.
      if (this.lines.isBlank(this.index)) {
        const next = this.nextNonBlank(this.index, this.end);
        if (next < this.end && this.lines.firstCode(next) === PLUS) {
          this.index = next;
          continue;
        }
      }
      break;
    }
    return [from, this.index];
  }

  private parseUpdate(path: string, lineNumber: number): PatchOperation {
    let moveTo: string | undefined;
    const moveIndex = this.nextNonBlank(this.index, this.end);
    const move = moveIndex < this.end ? MOVE_TO.exec(this.lines.line(moveIndex).trim()) : null;
    if (move) {
      moveTo = move[1]!.trim();
      if (moveTo === '') {
        throw new PatchSyntaxError(moveIndex + 1, `'*** Move to:' is missing the destination path.`);
      }
      this.index = moveIndex + 1;
    }
    this.skipUnifiedHeaders();
    // Each hunk's lines are consecutive lines of the patch, `from` up to `to`: kept as that range.
    const hunks: { contexts: string[]; from: number; to: number; endOfFile: boolean; line: number }[] = [];
    let current: (typeof hunks)[number] | undefined;
    while (this.index < this.end) {
      const lineNumberHere = this.index + 1;
      // By the first character, read in place: a marker or `@@` line alone is made a string.
      const first = this.lines.firstCode(this.index);
      if (first === STAR && this.lines.startsWith(this.index, '***')) {
        if (this.lines.line(this.index).trimEnd() === END_OF_FILE) {
          if (!current || current.from === current.to) {
            throw new PatchSyntaxError(
              lineNumberHere,
              `Update hunk does not contain any lines before '${END_OF_FILE}'.`,
            );
          }
          current.endOfFile = true;
          this.index++;
          continue;
        }
        break;
      }
      // A leading space makes any line a context line, `@@` included.
      if (first === AT && this.lines.startsWith(this.index, '@@')) {
        const context = hunkContext(this.lines.line(this.index).trimEnd());
        if (current && current.from === current.to && !current.endOfFile) {
          // Stacked anchors (`@@ class A` then `@@ def m():`) narrow the search step by step.
          if (context !== undefined) current.contexts.push(context);
          current.from = current.to = this.index + 1;
        } else {
          current = {
            contexts: context === undefined ? [] : [context],
            from: this.index + 1,
            to: this.index + 1,
            endOfFile: false,
            line: lineNumberHere,
          };
          hunks.push(current);
        }
        this.index++;
        continue;
      }
      if (hunkLineKind(this.lines, this.index) === undefined) {
        throw new PatchSyntaxError(
          lineNumberHere,
          `Unexpected line in the update of '${path}': ${quote(this.lines.line(this.index))}. Every hunk line starts with ' ' (context), '+' (added) or '-' (removed); '@@' starts a hunk and a line starting with '***' starts the next file operation.`,
        );
      }
      if (current?.endOfFile) {
        throw new PatchSyntaxError(
          lineNumberHere,
          `Expected '@@' or the next file operation after '${END_OF_FILE}'; got ${quote(this.lines.line(this.index))}.`,
        );
      }
      if (!current) {
        current = { contexts: [], from: this.index, to: this.index, endOfFile: false, line: lineNumberHere };
        hunks.push(current);
      }
      current.to = ++this.index;
    }
    // Blank lines that separate this section from the next are never context lines.
    if (current) {
      while (current.to > current.from && hunkLineKind(this.lines, current.to - 1) === 'blank') current.to--;
    }
    for (const hunk of hunks) {
      if (hunk.from === hunk.to) {
        throw new PatchSyntaxError(
          hunk.line,
          `Update hunk for path '${path}' does not contain any lines. After '@@' give ' ' context, '-' removed and '+' added lines.`,
        );
      }
    }
    if (hunks.length === 0 && moveTo === undefined) {
      throw new PatchSyntaxError(
        lineNumber,
        `Update file hunk for path '${path}' is empty. Give at least one '@@' hunk with '-' and '+' lines, or add '*** Move to: <path>' to only rename it.`,
      );
    }
    const parsed: PatchHunk[] = hunks.map(({ contexts, from, to, endOfFile, line }) => ({
      contexts,
      lines: new PatchHunkLines(this.lines, from, to - from),
      endOfFile,
      line,
    }));
    return moveTo === undefined
      ? { type: 'update', path, hunks: parsed, line: lineNumber }
      : { type: 'update', path, moveTo, hunks: parsed, line: lineNumber };
  }

  /** `diff --git`, `index`, and a `---`/`+++` pair before the first hunk are tolerated and skipped. */
  private skipUnifiedHeaders(): void {
    while (this.index < this.end) {
      if (this.lines.startsWith(this.index, 'diff --git ') || this.lines.startsWith(this.index, 'index ')) {
        this.index++;
      } else if (
        this.lines.startsWith(this.index, '--- ') &&
        this.index + 1 < this.end &&
        this.lines.startsWith(this.index + 1, '+++ ')
      ) {
        this.index += 2;
      } else {
        return;
      }
    }
  }
}

/** An Add section's lines: each `+` line's text, and a blank line between them as an empty line. */
function addLines(lines: PatchLines, from: number, to: number): string[] {
  const made: string[] = new Array(to - from);
  for (let index = from; index < to; index++)
    made[index - from] = lines.firstCode(index) === PLUS ? lines.afterMarker(index) : '';
  return made;
}

/** The context of a `@@` line: `@@` → none, `@@ text` → text, `@@ -1,2 +1,3 @@ text` → text. */
function hunkContext(trimmed: string): string | undefined {
  const unified = UNIFIED_HUNK.exec(trimmed);
  const rest = unified ? unified[1]! : trimmed.slice(2);
  const context = rest.startsWith(' ') ? rest.slice(1) : rest;
  return context.trim() === '' ? undefined : context;
}
