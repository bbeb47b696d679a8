import { open, stat } from 'node:fs/promises';
import { requiredLiteral } from './required-literal.js';
import type { FoundMatch, GrepOutcome, GrepRequest, ListOutcome, WalkSettings } from './search-request.js';
import { decodeSearchText, searchText } from './search-text.js';
import { type WalkedFile, walkFiles } from './walk-files.js';

/** Files read at once by the Node engine. */
const CONCURRENCY = 16;

/** Lists files with the Node walker, relative to `settings.base`, in path order. */
export async function listFilesWithNode(settings: WalkSettings): Promise<ListOutcome> {
  const files: string[] = [];
  for await (const file of walkFiles({
    base: settings.base,
    excludedNames: settings.excludedNames,
    respectIgnoreFiles: settings.respectIgnoreFiles,
    signal: settings.signal,
  })) {
    files.push(file.relativePath);
  }
  if (settings.signal.aborted) return { type: 'aborted' };
  return { type: 'done', files };
}

interface FileResult {
  /** False when the file was skipped for its size. */
  readonly searched: boolean;
  readonly matches: FoundMatch[];
}

interface Prefilters {
  /** The pattern with `m`: one test over the whole text before splitting it into lines. */
  readonly text: RegExp | undefined;
  /** UTF-8 bytes every match contains: files without them are skipped before decoding. */
  readonly bytes: Buffer | undefined;
}

function isUtf16(buffer: Buffer): boolean {
  return (
    buffer.length >= 2 &&
    ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff))
  );
}

async function searchFile(
  file: WalkedFile,
  request: GrepRequest,
  prefilters: Prefilters,
): Promise<FileResult> {
  let buffer: Buffer;
  try {
    const handle = await open(file.absolutePath, 'r');
    try {
      const { size } = await handle.stat();
      if (size > request.maxFileSizeBytes) return { searched: false, matches: [] };
      buffer = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch {
    // Unreadable: ripgrep lists it and reports the error; it yields no matches.
    try {
      return { searched: (await stat(file.absolutePath)).size <= request.maxFileSizeBytes, matches: [] };
    } catch {
      return { searched: false, matches: [] };
    }
  }
  if (prefilters.bytes && !isUtf16(buffer) && !buffer.includes(prefilters.bytes))
    return { searched: true, matches: [] };
  const text = decodeSearchText(buffer);
  if (text === undefined) return { searched: true, matches: [] };
  const found = searchText(text, request.regexp, prefilters.text);
  return {
    searched: true,
    matches: found.map((match) => ({
      absolutePath: file.absolutePath,
      line: match.line,
      content: match.content,
    })),
  };
}

async function* candidates(request: GrepRequest): AsyncGenerator<WalkedFile> {
  if (request.singleFile !== undefined) {
    const prefix = request.base.endsWith('/') ? request.base : `${request.base}/`;
    if (!request.include || request.include(request.singleFile)) {
      yield { absolutePath: prefix + request.singleFile, relativePath: request.singleFile };
    }
    return;
  }
  for await (const file of walkFiles({
    base: request.base,
    excludedNames: request.excludedNames,
    respectIgnoreFiles: request.respectIgnoreFiles,
    signal: request.signal,
  })) {
    if (request.include && !request.include(file.relativePath)) continue;
    yield file;
  }
}

/**
 * Greps in Node: walks in path order, reads a few files at once, and commits results in walk
 * order, stopping as soon as more than `maxResults` matching lines are known.
 */
export async function grepWithNode(request: GrepRequest): Promise<GrepOutcome> {
  const lookAround = /\(\?<?[=!]/.test(request.pattern);
  const literal = request.caseInsensitive ? undefined : requiredLiteral(request.pattern);
  const prefilters: Prefilters = {
    text: lookAround ? undefined : new RegExp(request.regexp.source, `${request.regexp.flags}m`),
    bytes: literal === undefined ? undefined : Buffer.from(literal, 'utf8'),
  };
  const iterator = candidates(request);
  const inFlight: Array<Promise<FileResult>> = [];
  const matches: FoundMatch[] = [];
  let filesSearched = 0;
  let walking = true;
  let truncated = false;
  while (!request.signal.aborted) {
    while (walking && inFlight.length < CONCURRENCY) {
      const next = await iterator.next();
      if (next.done) walking = false;
      else inFlight.push(searchFile(next.value, request, prefilters));
    }
    const head = inFlight.shift();
    if (head === undefined) break;
    const result = await head;
    if (result.searched) filesSearched++;
    matches.push(...result.matches);
    if (matches.length > request.maxResults) {
      truncated = true;
      break;
    }
  }
  await iterator.return(undefined);
  if (request.signal.aborted) return { type: 'aborted' };
  return { type: 'done', matches, filesSearched, truncated };
}
