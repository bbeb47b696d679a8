import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { Yielder } from './event-loop-yielder.js';
import { linearMatcherFor, type NodePattern } from './node-pattern.js';
import { inPinnedBase, PATH_CHANGED } from './pinned-base.js';
import { LINE_BUDGET_MS, type RegexWorker, startRegexWorker, type TooComplex } from './regex-worker.js';
import { requiredLiteral } from './required-literal.js';
import type {
  FoundMatch,
  GrepOutcome,
  GrepRequest,
  ListOutcome,
  PathChanged,
  WalkSettings,
} from './search-request.js';
import { decodeSearchText, type LineMatch, searchText, toContent } from './search-text.js';
import { type WalkedFile, walkFiles } from './walk-files.js';

/**
 * A file's text is matched in pieces of about this many characters (whole lines), so the event
 * loop and the call's deadline run between pieces: the longest pause is one piece (or one line
 * longer than that), at roughly 0.1 µs per character in RE2.
 */
const PIECE_CHARACTERS = 1 << 18;

/** Matches `text` piece by piece with the linear matcher; 'stopped' when the signal aborted. */
async function searchLinear(
  text: string,
  linear: NonNullable<NodePattern['linear']>,
  signal: AbortSignal,
  yielder: Yielder,
): Promise<LineMatch[] | 'stopped'> {
  if (text.length <= PIECE_CHARACTERS) return searchText(text, linear.line, linear.text);
  const found: LineMatch[] = [];
  let start = 0;
  let firstLine = 1;
  while (start < text.length) {
    let end = text.indexOf('\n', Math.min(start + PIECE_CHARACTERS, text.length - 1));
    end = end < 0 ? text.length : end + 1;
    const piece = text.slice(start, end);
    for (const match of searchText(piece, linear.line, linear.text, firstLine)) found.push(match);
    for (let index = piece.indexOf('\n'); index >= 0; index = piece.indexOf('\n', index + 1)) firstLine++;
    start = end;
    await yielder.maybeYield();
    if (signal.aborted) return 'stopped';
  }
  return found;
}

/**
 * Runs a Node engine search in the checked base itself ({@link inPinnedBase}): `path-changed` when
 * it was swapped, `error` when it cannot be opened.
 */
async function inBase<T>(
  base: string,
  search: (openedAs: string | undefined) => Promise<T>,
): Promise<T | PathChanged | { readonly type: 'error'; readonly message: string }> {
  try {
    const outcome = await inPinnedBase(base, search);
    return outcome === PATH_CHANGED ? { type: 'path-changed' } : outcome;
  } catch (error) {
    return { type: 'error', message: (error as Error).message };
  }
}

/** Lists files with the Node walker, relative to `settings.base`, in path order. */
export function listFilesWithNode(settings: WalkSettings): Promise<ListOutcome> {
  return inBase(settings.base, (openedAs) => listFiles(settings, openedAs));
}

async function listFiles(settings: WalkSettings, openedAs: string | undefined): Promise<ListOutcome> {
  const files: string[] = [];
  const yielder = new Yielder();
  for await (const file of walkFiles({
    base: settings.base,
    ...(openedAs === undefined ? {} : { openedAs }),
    excludedNames: settings.excludedNames,
    secrets: settings.secrets,
    respectIgnoreFiles: settings.respectIgnoreFiles,
    signal: settings.signal,
    readable: settings.readable,
  })) {
    files.push(file.relativePath);
    await yielder.maybeYield();
  }
  if (settings.signal.aborted) return { type: 'aborted' };
  return { type: 'done', files };
}

interface FileResult {
  /** False when the file was skipped for its size. */
  readonly searched: boolean;
  readonly matches: FoundMatch[];
}

/** What a file search needs besides the request. */
interface Searcher {
  /** UTF-8 bytes every match contains: files without them are skipped before decoding. */
  readonly literal: Buffer | undefined;
  /** Starts (once) the worker that runs the backtracking RegExp. */
  readonly worker: () => RegexWorker;
  readonly yielder: Yielder;
}

function isUtf16(buffer: Buffer): boolean {
  return (
    buffer.length >= 2 &&
    ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff))
  );
}

/** Files up to this size are read into one reused buffer. */
const SCRATCH_BYTES = 1 << 20;

/**
 * Reads a file whole, synchronously: for many small cached files this is several times faster
 * than the promise API (no thread-pool round trip per call). The caller yields between files.
 * Returns 'too-large' past the limit and undefined when it cannot be read or is not a regular
 * file: the open does not block (`O_NONBLOCK`), so a FIFO named as the search path, or swapped in
 * after the walk saw a file, is skipped instead of blocking the process until a writer comes.
 */
function readWhole(path: string | Buffer, limit: number, scratch: Buffer): Buffer | 'too-large' | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) return undefined;
    const size = stats.size;
    if (size > limit) return 'too-large';
    const target = size <= scratch.length ? scratch : Buffer.allocUnsafe(size);
    let length = 0;
    while (length < size) {
      const read = readSync(descriptor, target, length, size - length, length);
      if (read === 0) break;
      length += read;
    }
    return target.subarray(0, length);
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}

async function searchFile(
  file: WalkedFile,
  request: GrepRequest,
  searcher: Searcher,
  scratch: Buffer,
): Promise<FileResult | TooComplex | 'stopped'> {
  const buffer = readWhole(file.rawPath ?? file.absolutePath, request.maxFileSizeBytes, scratch);
  if (buffer === 'too-large') return { searched: false, matches: [] };
  if (buffer === undefined) {
    // Unreadable: ripgrep lists it (so it counts as searched when within the limit), no matches.
    try {
      return {
        searched: statSync(file.rawPath ?? file.absolutePath).size <= request.maxFileSizeBytes,
        matches: [],
      };
    } catch {
      return { searched: false, matches: [] };
    }
  }
  if (searcher.literal && !isUtf16(buffer) && !buffer.includes(searcher.literal)) {
    return { searched: true, matches: [] };
  }
  const text = decodeSearchText(buffer);
  if (text === undefined) return { searched: true, matches: [] };
  const linear = linearMatcherFor(request.nodePattern, text);
  let found: LineMatch[];
  if (linear !== undefined) {
    const result = await searchLinear(text, linear, request.signal, searcher.yielder);
    if (result === 'stopped') return 'stopped';
    found = result;
  } else {
    // Only the backtracking RegExp can say it: in the worker, which the call's deadline kills.
    const lines = await searcher.worker().matchingLines(text);
    if (lines === undefined) return 'stopped';
    if (!Array.isArray(lines)) return lines;
    const all = lines.length > 0 ? text.split('\n') : [];
    found = lines.map((line) => ({ line, content: toContent(all[line - 1]!) }));
  }
  return {
    searched: true,
    matches: found.map((match) => ({
      absolutePath: file.absolutePath,
      line: match.line,
      content: match.content,
    })),
  };
}

async function* candidates(request: GrepRequest, openedAs: string | undefined): AsyncGenerator<WalkedFile> {
  if (request.singleFile !== undefined) {
    const prefix = request.base.endsWith('/') ? request.base : `${request.base}/`;
    if (!request.include || request.include(request.singleFile)) {
      const absolutePath = prefix + request.singleFile;
      const relativePath = request.singleFile;
      yield openedAs === undefined
        ? { absolutePath, relativePath }
        : { absolutePath, relativePath, rawPath: Buffer.from(`${openedAs}/${request.singleFile}`) };
    }
    return;
  }
  for await (const file of walkFiles({
    base: request.base,
    ...(openedAs === undefined ? {} : { openedAs }),
    excludedNames: request.excludedNames,
    secrets: request.secrets,
    respectIgnoreFiles: request.respectIgnoreFiles,
    signal: request.signal,
    readable: request.readable,
  })) {
    if (request.include && !request.include(file.relativePath)) continue;
    yield file;
  }
}

/**
 * Greps in Node: walks in path order, reads each file whole, and stops as soon as more than
 * `maxResults` matching lines are known.
 */
export function grepWithNode(request: GrepRequest): Promise<GrepOutcome> {
  return inBase(request.base, (openedAs) => grepFiles(request, openedAs));
}

async function grepFiles(request: GrepRequest, openedAs: string | undefined): Promise<GrepOutcome> {
  const literal = request.caseInsensitive ? undefined : requiredLiteral(request.pattern);
  let worker: RegexWorker | undefined;
  const searcher: Searcher = {
    literal: literal === undefined ? undefined : Buffer.from(literal, 'utf8'),
    worker: () => {
      const regexp = request.nodePattern.backtracking;
      if (regexp === undefined) throw new Error('no backtracking RegExp to run');
      worker ??= startRegexWorker(regexp, request.signal, { lineBudgetMs: LINE_BUDGET_MS });
      return worker;
    },
    yielder: new Yielder(),
  };
  const scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  const matches: FoundMatch[] = [];
  let filesSearched = 0;
  let truncated = false;
  let stopped = false;
  let tooComplex: string | undefined;
  const iterator = candidates(request, openedAs);
  try {
    for await (const file of iterator) {
      if (request.signal.aborted) break;
      const result = await searchFile(file, request, searcher, scratch);
      if (result === 'stopped') {
        stopped = true;
        break;
      }
      if ('type' in result) {
        tooComplex = `line ${result.line} of ${file.relativePath} was still being matched after ${LINE_BUDGET_MS} ms, the limit for one line`;
        break;
      }
      if (result.searched) filesSearched++;
      for (const match of result.matches) matches.push(match);
      if (matches.length > request.maxResults) {
        truncated = true;
        break;
      }
      // Let the host's event loop (and the abort signal) run between synchronous reads.
      await searcher.yielder.maybeYield();
    }
  } finally {
    await iterator.return(undefined);
    await worker?.close();
  }
  if (request.signal.aborted) return { type: 'aborted' };
  if (tooComplex !== undefined) return { type: 'too-complex', message: tooComplex };
  if (stopped && !request.signal.aborted) {
    return { type: 'error', message: 'the regular expression worker stopped unexpectedly' };
  }
  return { type: 'done', matches, filesSearched, truncated };
}
