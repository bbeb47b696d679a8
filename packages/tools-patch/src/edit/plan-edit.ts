import {
  type ClientFiles,
  createUnifiedDiff,
  editScope,
  type Outcome,
  type QuotingFailure,
  quotingFailure,
  type RegularFileRead,
  toolSuccess,
  type Workspace,
} from '@toolgate/core';
import { readRegularFileThrough, systemErrorText } from '@toolgate/core/workspace-io';
import { findClosestRegion, numberLines } from '../internal/closest-region.js';
import { MAX_FILE_BYTES } from '../internal/max-file-bytes.js';
import { looseLine, normalizePunctuation } from '../internal/normalize-line.js';
import { patchFailure } from '../internal/patch-failure.js';
import { decodeTextFile, displayText, joinTextFile } from '../internal/text-file.js';
import type { EditInput } from './edit-schema.js';

/** An edit ready to be written. */
export interface EditPlan {
  readonly requestedPath: string;
  readonly absolutePath: string;
  readonly displayPath: string;
  readonly before: Buffer;
  readonly after: Buffer;
  readonly replacements: number;
  /** Unified diff of the change. */
  readonly diff: string;
}

/**
 * A plan, or the failure to return to the model: an `old_string` that is not found is a
 * `QuotingFailure` (the file's closest lines wait for approval).
 */
export type EditPlanResult = Outcome<EditPlan> | QuotingFailure;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const MAX_LISTED_LINES = 20;

const toCrlf = (text: string): string => text.replace(/\r?\n/g, '\r\n');
const toLf = (text: string): string => text.replace(/\r\n/g, '\n');

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (
    let index = haystack.indexOf(needle);
    index >= 0;
    index = haystack.indexOf(needle, index + needle.length)
  ) {
    found.push(index);
  }
  return found;
}

/** 1-based line numbers of ascending offsets, in one sweep over the text. */
function linesOf(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let position = 0;
  for (const offset of offsets) {
    for (
      let index = text.indexOf('\n', position);
      index >= 0 && index < offset;
      index = text.indexOf('\n', index + 1)
    ) {
      line++;
      position = index + 1;
    }
    lines.push(line);
  }
  return lines;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index >= 0 && index < offset; index = text.indexOf('\n', index + 1))
    line++;
  return line;
}

/**
 * Checks an edit in AI4J's order (empty old_string, identical strings, the path, missing file,
 * directory), then binary content, then finds old_string (an LF old_string also matches a CRLF
 * file) and computes the new content and its diff. Writes nothing.
 */
export async function planEdit(
  workspace: Workspace,
  input: EditInput,
  context: { readonly clientFiles?: ClientFiles | undefined; readonly signal: AbortSignal },
): Promise<EditPlanResult> {
  const requestedPath = input.path.trim();
  if (requestedPath === '')
    return patchFailure('invalid_arguments', 'path is required: name the file to edit.');
  if (input.old_string === '') {
    return patchFailure(
      'invalid_arguments',
      'old_string is required and must not be empty. To create a file or replace its whole content, use write_file.',
    );
  }
  if (input.old_string === input.new_string) {
    return patchFailure('invalid_arguments', 'old_string and new_string are identical; nothing to change.');
  }
  const resolution = await workspace.resolveWritable(requestedPath);
  if (resolution.status === 'failure') return resolution;
  const { absolutePath, displayPath } = resolution.output;
  // edit reads the file to change it: the read predicate first.
  const denied = workspace.checkReadable(absolutePath);
  if (denied) return denied;
  let read: RegularFileRead;
  try {
    // The editor's buffer when it holds the file (asked only after the checks above).
    read = await readRegularFileThrough(context.clientFiles, absolutePath, {
      maxBytes: MAX_FILE_BYTES,
      signal: context.signal,
    });
  } catch (error) {
    return patchFailure('io_error', `Cannot read ${requestedPath}: ${systemErrorText(error)}.`);
  }
  if (read.kind === 'missing') {
    return patchFailure('not_found', `File does not exist: ${requestedPath}. To create it, use write_file.`, {
      path: displayPath,
    });
  }
  if (read.kind === 'directory') {
    return patchFailure('is_directory', `Target is a directory: ${requestedPath}. edit changes files only.`, {
      path: displayPath,
    });
  }
  if (read.kind === 'not_regular') {
    return patchFailure(
      'not_a_regular_file',
      `${requestedPath} is not a regular file (a FIFO, socket or device); edit changes regular files only.`,
      { path: displayPath },
    );
  }
  if (read.kind === 'symbolic_link') {
    return patchFailure(
      'precondition_changed',
      `${requestedPath} became a symbolic link after it was resolved; nothing was changed. Try the call again.`,
      { path: displayPath },
    );
  }
  if (read.kind === 'too_large') {
    return patchFailure(
      'file_too_large',
      `${requestedPath} is ${read.size} bytes; edit works on files up to ${read.limit / 1024 / 1024} MiB (${read.limit} bytes), since it holds the whole file in memory to rewrite it atomically. Change a file this large with bash (sed, a script).`,
      { path: displayPath, size: read.size, limit: read.limit },
    );
  }
  const before = read.bytes;
  const file = decodeTextFile(before);
  if (!file) {
    return patchFailure(
      'binary_file',
      `${requestedPath} is binary or not UTF-8 text; edit never rewrites such files.`,
      { path: displayPath },
    );
  }
  const text = joinTextFile(file);
  const hasCrlf = text.includes('\r\n');
  const newString =
    file.eol === '\r\n' ? toCrlf(input.new_string) : hasCrlf ? input.new_string : toLf(input.new_string);
  const needles = [input.old_string];
  const converted = hasCrlf ? toCrlf(input.old_string) : toLf(input.old_string);
  if (converted !== input.old_string) needles.push(converted);
  let needle = input.old_string;
  let found: number[] = [];
  for (const candidate of needles) {
    found = occurrences(text, candidate);
    needle = candidate;
    if (found.length > 0) break;
  }
  if (found.length === 0) {
    return quotingFailure(
      patchFailure('edit_no_match', describeNoMatch(requestedPath, file.lines, input.old_string), {
        path: displayPath,
      }),
      patchFailure(
        'edit_no_match',
        `old_string not found in file: ${requestedPath}. Ensure whitespace and indentation match exactly. The file's closest lines are not shown before this call is approved; read ${requestedPath} with read_file and copy old_string from it exactly.`,
        { path: displayPath },
      ),
      {
        lines: [`Edit ${displayPath}`],
        locations: [displayPath],
        remember: editScope('edit', [displayPath]),
      },
    );
  }
  if (found.length > 1 && !input.replaceAll) {
    const lines = linesOf(text, found);
    const listed =
      lines.slice(0, MAX_LISTED_LINES).join(', ') + (lines.length > MAX_LISTED_LINES ? ', …' : '');
    // Where old_string occurs says where the file holds it: shown like a quote, once approved.
    return quotingFailure(
      patchFailure(
        'edit_ambiguous_match',
        `old_string is not unique — found ${found.length} occurrences in ${requestedPath} (lines ${listed}). Provide more surrounding context to make it unique, or set replaceAll=true.`,
        { path: displayPath, occurrences: found.length, lines },
      ),
      patchFailure(
        'edit_ambiguous_match',
        `old_string is not unique in ${requestedPath}. Provide more surrounding context to make it unique, or set replaceAll=true; the lines where it occurs are not shown before this call is approved.`,
        { path: displayPath },
      ),
      {
        lines: [`Edit ${displayPath}`],
        locations: [displayPath],
        remember: editScope('edit', [displayPath]),
      },
    );
  }
  let result = '';
  let cursor = 0;
  for (const offset of found) {
    result += text.slice(cursor, offset) + newString;
    cursor = offset + needle.length;
  }
  result += text.slice(cursor);
  const body = Buffer.from(result, 'utf8');
  const after = file.bom ? Buffer.concat([BOM, body]) : body;
  return toolSuccess({
    requestedPath,
    absolutePath,
    displayPath,
    before,
    after,
    replacements: found.length,
    diff: createUnifiedDiff(displayText(before) ?? '', displayText(after) ?? '', { path: displayPath }),
  });
}

function describeNoMatch(path: string, lines: readonly string[], oldString: string): string {
  const base = `old_string not found in file: ${path}. Ensure whitespace and indentation match exactly.`;
  const oldLines = oldString.split(/\r?\n/);
  const looseOld = oldLines.map(looseLine).join('\n');
  if (looseOld.trim() !== '') {
    const looseFile = lines.map(looseLine).join('\n');
    const index = looseFile.indexOf(looseOld);
    if (index >= 0) {
      const line = lineOf(looseFile, index);
      const actual = lines.slice(line - 1, line - 1 + oldLines.length);
      return `${base} A similar text is at line ${line}, differing in ${howItDiffers(actual, oldLines)}:\n${numberLines(actual, line)}\nCopy the text exactly as the file has it (re-read the file if unsure).`;
    }
  }
  const region = findClosestRegion(lines, oldLines);
  if (region) {
    return `${base} The closest text is at line ${region.line}:\n${numberLines(region.lines, region.line)}\nRe-read the file and copy old_string from it exactly.`;
  }
  return `${base} Re-read the file and copy old_string from it exactly.`;
}

function howItDiffers(actual: readonly string[], wanted: readonly string[]): string {
  const same = (normalize: (line: string) => string): boolean =>
    wanted.every((line, index) => {
      const have = actual[index] ?? '';
      const a = normalize(have);
      const b = normalize(line);
      // The first and last lines of old_string may be parts of lines.
      return index === 0 || index === wanted.length - 1 ? a.includes(b) : a === b;
    });
  if (same((line) => line.trimEnd())) return 'trailing whitespace';
  if (same((line) => line.trim())) return 'indentation or surrounding whitespace';
  if (same(normalizePunctuation)) return 'typographic punctuation (quotes, dashes or non-breaking spaces)';
  return 'whitespace inside lines';
}
