import type { ParsePatchResult, PatchHunk, PatchHunkLine, PatchOperation } from './patch-operation.js';

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const END_OF_FILE = '*** End of File';
const HEADER = /^\*\*\*\s*(Add|Update|Delete)(?: File)?\s*:(.*)$/;
const MOVE_TO = /^\*\*\*\s*Move to\s*:(.*)$/;
const UNIFIED_HUNK = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@(.*)$/;
/** `<<EOF`, `<<'EOF'`, `<<"EOF"`, also after `apply_patch`, `applypatch` or `cat` (a shell habit). */
const HEREDOC_OPENER = /^(?:(?:apply_patch|applypatch|cat)\s+)?<<-?\s*(['"]?)EOF\1$/;
const SPACE = 0x20;
const PLUS = 0x2b;
const MINUS = 0x2d;
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

function isBlank(line: string): boolean {
  return line.trim() === '';
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
  private readonly lines: string[];
  private index = 0;
  private end = 0;

  constructor(text: string) {
    const lines = text.split('\n');
    // CRLF patch text: each line without its `\r` (most patches have none: no second array).
    this.lines = text.includes('\r')
      ? lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
      : lines;
  }

  parse(): PatchOperation[] {
    let first = this.lines.findIndex((line) => !isBlank(line));
    let last = this.lines.findLastIndex((line) => !isBlank(line));
    if (first < 0) {
      throw new PatchSyntaxError(
        1,
        `The patch is empty. It must start with '${BEGIN}' and end with '${END}'.`,
      );
    }
    if (
      HEREDOC_OPENER.test(this.lines[first]!.trim()) &&
      this.lines[last]!.trim().endsWith('EOF') &&
      last > first
    ) {
      first = this.nextNonBlank(first + 1, last);
      last = this.previousNonBlank(last - 1, first);
    }
    if (this.lines[first]?.trim() !== BEGIN) {
      throw new PatchSyntaxError(
        first + 1,
        `The first line of the patch must be '${BEGIN}'; got ${quote(this.lines[first] ?? '')}.`,
      );
    }
    if (last <= first || this.lines[last]!.trim() !== END) {
      throw new PatchSyntaxError(
        last + 1,
        `The last line of the patch must be '${END}'; got ${last <= first ? 'the end of the text' : quote(this.lines[last]!)}.`,
      );
    }
    this.index = first + 1;
    this.end = last;
    const operations: PatchOperation[] = [];
    while (this.index < this.end) {
      const line = this.lines[this.index]!;
      if (isBlank(line)) {
        this.index++;
        continue;
      }
      operations.push(this.parseOperation(line.trim()));
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
    while (index < limit && isBlank(this.lines[index]!)) index++;
    return index;
  }

  private previousNonBlank(from: number, limit: number): number {
    let index = from;
    while (index > limit && isBlank(this.lines[index]!)) index--;
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
    if (kind === 'Add') return { type: 'add', path, lines: this.parseAddBody(), line: lineNumber };
    return this.parseUpdate(path, lineNumber);
  }

  private parseAddBody(): string[] {
    const content: string[] = [];
    while (this.index < this.end) {
      const line = this.lines[this.index]!;
      if (line.startsWith('+')) {
        content.push(line.slice(1));
        this.index++;
        continue;
      }
      // Blank lines between `+` lines are meant as empty lines of the new file; blank lines before
      // the next header only separate sections.
      if (isBlank(line)) {
        const next = this.nextNonBlank(this.index, this.end);
        if (next < this.end && this.lines[next]!.startsWith('+')) {
          for (; this.index < next; this.index++) content.push('');
          continue;
        }
      }
      break;
    }
    return content;
  }

  private parseUpdate(path: string, lineNumber: number): PatchOperation {
    let moveTo: string | undefined;
    const moveIndex = this.nextNonBlank(this.index, this.end);
    const move = moveIndex < this.end ? MOVE_TO.exec(this.lines[moveIndex]!.trim()) : null;
    if (move) {
      moveTo = move[1]!.trim();
      if (moveTo === '') {
        throw new PatchSyntaxError(moveIndex + 1, `'*** Move to:' is missing the destination path.`);
      }
      this.index = moveIndex + 1;
    }
    this.skipUnifiedHeaders();
    const hunks: {
      contexts: string[];
      lines: PatchHunkLine[];
      blank: boolean[];
      endOfFile: boolean;
      line: number;
    }[] = [];
    let current: (typeof hunks)[number] | undefined;
    while (this.index < this.end) {
      const raw = this.lines[this.index]!;
      const lineNumberHere = this.index + 1;
      // Trimmed only where it matters (a marker, a `@@` line): most lines are hunk lines.
      if (raw.startsWith('***')) {
        if (raw.trimEnd() === END_OF_FILE) {
          if (!current || current.lines.length === 0) {
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
      if (raw.startsWith('@@')) {
        const context = hunkContext(raw.trimEnd());
        if (current && current.lines.length === 0 && !current.endOfFile) {
          // Stacked anchors (`@@ class A` then `@@ def m():`) narrow the search step by step.
          if (context !== undefined) current.contexts.push(context);
        } else {
          current = {
            contexts: context === undefined ? [] : [context],
            lines: [],
            blank: [],
            endOfFile: false,
            line: lineNumberHere,
          };
          hunks.push(current);
        }
        this.index++;
        continue;
      }
      let hunkLine: PatchHunkLine;
      let blank = false;
      // By the first character; a blank line (no `+` or `-` before it) is tested last, since
      // testing it trims the line.
      const first = raw.charCodeAt(0);
      if (first === SPACE) hunkLine = { kind: 'context', text: raw.slice(1) };
      else if (first === PLUS) hunkLine = { kind: 'add', text: raw.slice(1) };
      else if (first === MINUS) hunkLine = { kind: 'remove', text: raw.slice(1) };
      else if (isBlank(raw)) {
        // An empty line is an empty context line inside a hunk, or a separator after the last one.
        hunkLine = { kind: 'context', text: '' };
        blank = true;
      } else {
        throw new PatchSyntaxError(
          lineNumberHere,
          `Unexpected line in the update of '${path}': ${quote(raw)}. Every hunk line starts with ' ' (context), '+' (added) or '-' (removed); '@@' starts a hunk and a line starting with '***' starts the next file operation.`,
        );
      }
      if (current?.endOfFile) {
        throw new PatchSyntaxError(
          lineNumberHere,
          `Expected '@@' or the next file operation after '${END_OF_FILE}'; got ${quote(raw)}.`,
        );
      }
      if (!current) {
        current = { contexts: [], lines: [], blank: [], endOfFile: false, line: lineNumberHere };
        hunks.push(current);
      }
      current.lines.push(hunkLine);
      current.blank.push(blank);
      this.index++;
    }
    // Blank lines that separate this section from the next are never context lines.
    if (current) {
      while (current.blank[current.blank.length - 1]) {
        current.blank.pop();
        current.lines.pop();
      }
    }
    for (const hunk of hunks) {
      if (hunk.lines.length === 0) {
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
    const parsed: PatchHunk[] = hunks.map((hunk) => ({
      contexts: hunk.contexts,
      lines: hunk.lines,
      endOfFile: hunk.endOfFile,
      line: hunk.line,
    }));
    return moveTo === undefined
      ? { type: 'update', path, hunks: parsed, line: lineNumber }
      : { type: 'update', path, moveTo, hunks: parsed, line: lineNumber };
  }

  /** `diff --git`, `index`, and a `---`/`+++` pair before the first hunk are tolerated and skipped. */
  private skipUnifiedHeaders(): void {
    while (this.index < this.end) {
      const line = this.lines[this.index]!;
      if (line.startsWith('diff --git ') || line.startsWith('index ')) {
        this.index++;
      } else if (
        line.startsWith('--- ') &&
        this.lines[this.index + 1]?.startsWith('+++ ') &&
        this.index + 1 < this.end
      ) {
        this.index += 2;
      } else {
        return;
      }
    }
  }
}

/** The context of a `@@` line: `@@` → none, `@@ text` → text, `@@ -1,2 +1,3 @@ text` → text. */
function hunkContext(trimmed: string): string | undefined {
  const unified = UNIFIED_HUNK.exec(trimmed);
  const rest = unified ? unified[1]! : trimmed.slice(2);
  const context = rest.startsWith(' ') ? rest.slice(1) : rest;
  return context.trim() === '' ? undefined : context;
}
