import {
  acquireLineFeedCounter,
  LINE_FEED_COUNTER_MEMORY_BYTES,
  type LineFeedCounter,
  releaseLineFeedCounter,
} from './count-line-feeds.js';
import type { ReadableFile } from './open-readable-file.js';

/** What {@link readLineRange} was asked for. */
export interface LineRangeRequest {
  /** First line, 1-based. */
  readonly startLine: number;
  /** Last line, 1-based and inclusive; undefined reads to the end of the file (or `maxChars`). */
  readonly endLine: number | undefined;
  /** Cut the content after this many UTF-16 code units. */
  readonly maxChars: number;
  /** Checked between chunks. */
  readonly signal?: AbortSignal;
  /** Bytes read at a time, fixed (tests use tiny chunks to exercise boundaries). @default 64 KiB growing to 1 MiB */
  readonly chunkBytes?: number;
  /** Count line ends with WebAssembly SIMD where available (tests turn it off to check the fallback). @default true */
  readonly useSimd?: boolean;
  /**
   * The file's size when the caller knows it: the read buffers are then no larger than the file
   * needs (a small file does not cost two 1 MiB buffers). A file that grows meanwhile is still
   * read to its end, in more reads. @default unknown
   */
  readonly sizeBytes?: number;
}

/** The lines read, joined with `\n`. */
export interface LineRange {
  readonly content: string;
  readonly startLine: number;
  /** Last line that appears (wholly or in part) in `content`; `startLine - 1` when none does. */
  readonly endLine: number;
  readonly truncated: boolean;
  /** Lines remain after `endLine`. */
  readonly hasMore: boolean;
}

/** Result of the range read, or `aborted` when the signal fired. */
export type LineRangeOutcome = LineRange | 'aborted';

const FIRST_CHUNK_BYTES = 64 * 1024;
const MAX_CHUNK_BYTES = 1024 * 1024;
/** After a cut, how far to look for the end of the cut line to tell whether more lines follow. */
const LOOKAHEAD_BYTES = 1024 * 1024;
const LF = 0x0a;
const CR = 0x0d;

/**
 * A forward-only byte cursor over a file: two fixed buffers, one being scanned while the next
 * chunk is read into the other, so memory stays at two chunks whatever the file's size and the
 * disk never waits for the scan. Chunks start small (a read of the first lines costs one small
 * read) and double up to the maximum. Finding line ends is synchronous within a chunk, so skipping
 * millions of lines costs one native `indexOf` per line.
 */
class ByteCursor {
  buffer: Buffer;
  private spare: Buffer;
  start = 0;
  end = 0;
  /** File offset of the next read to issue. */
  private position: number;
  private chunk: number;
  private readonly maxChunk: number;
  private ahead: Promise<number> | undefined;
  private done = false;
  /** Chunks read so far; the first (often the only one a call needs) gets no read-ahead. */
  private reads = 0;
  /** A `\r` ended the previous chunk: a `\n` starting the next one belongs to it. */
  private pendingCarriageReturn = false;
  /** Index of the next `\r` at or after `start` in this chunk, `end` when none; stale when < start. */
  private nextCarriageReturn = -1;

  constructor(
    private readonly handle: ReadableFile,
    startPosition: number,
    initialChunk: number,
    maxChunk: number,
    private readonly counter: LineFeedCounter | undefined,
  ) {
    this.position = startPosition;
    this.chunk = initialChunk;
    this.maxChunk = maxChunk;
    if (counter && 2 * maxChunk <= LINE_FEED_COUNTER_MEMORY_BYTES) {
      this.buffer = Buffer.from(counter.memory, 0, maxChunk);
      this.spare = Buffer.from(counter.memory, maxChunk, maxChunk);
    } else {
      this.counter = undefined;
      this.buffer = Buffer.allocUnsafe(maxChunk);
      this.spare = Buffer.allocUnsafe(maxChunk);
    }
  }

  /**
   * Consumes the rest of the chunk when it holds fewer than `limit` line ends, all of them `\n`,
   * and returns how many it held; -1 (nothing consumed) when the caller must go line by line.
   */
  skipWholeChunk(limit: number): number {
    if (!this.counter) return -1;
    this.refreshCarriageReturn();
    if (this.nextCarriageReturn < this.end) return -1;
    const count = this.counter.count(this.buffer.byteOffset + this.start, this.end - this.start);
    if (count >= limit) return -1;
    this.start = this.end;
    return count;
  }

  private refreshCarriageReturn(): void {
    if (this.nextCarriageReturn < this.start) {
      const cr = this.buffer.indexOf(CR, this.start);
      this.nextCarriageReturn = cr === -1 || cr >= this.end ? this.end : cr;
    }
  }

  private issueRead(): void {
    const read = this.handle
      .read(this.spare, 0, this.chunk, this.position)
      .then((result) => result.bytesRead);
    // Awaited by the next fill; if the reader stops first, a failure must not go unhandled.
    read.catch(() => {});
    this.ahead = read;
  }

  /** Waits for a read-ahead still in flight (its result is dropped). */
  async settle(): Promise<void> {
    await this.ahead?.catch(() => 0);
    this.ahead = undefined;
  }

  /** Makes at least one unread byte available; false at the end of the file. */
  async fill(): Promise<boolean> {
    while (this.start >= this.end) {
      if (this.done) return false;
      if (!this.ahead) this.issueRead();
      const requested = this.chunk;
      const bytesRead = await this.ahead!;
      this.ahead = undefined;
      [this.buffer, this.spare] = [this.spare, this.buffer];
      this.position += bytesRead;
      this.start = 0;
      this.end = bytesRead;
      this.nextCarriageReturn = -1;
      if (bytesRead === 0) {
        this.done = true;
        return false;
      }
      this.chunk = Math.min(this.chunk * 2, this.maxChunk);
      // A full chunk: the file likely goes on, so start reading the next one now.
      if (bytesRead === requested && this.reads++ > 0) this.issueRead();
      if (this.pendingCarriageReturn) {
        this.pendingCarriageReturn = false;
        if (this.buffer[0] === LF) this.start = 1;
      }
    }
    return true;
  }

  /** Index of the next line terminator byte (`\n` or `\r`) in the unread part, or -1. */
  nextTerminator(): number {
    let lf = this.buffer.indexOf(LF, this.start);
    if (lf >= this.end) lf = -1;
    this.refreshCarriageReturn();
    const cr = this.nextCarriageReturn < this.end ? this.nextCarriageReturn : -1;
    if (lf === -1) return cr;
    return cr !== -1 && cr < lf ? cr : lf;
  }

  /** Consumes the terminator at `index`, including the `\n` of a `\r\n` (even across chunks). */
  consumeTerminator(index: number): void {
    this.start = index + 1;
    if (this.buffer[index] !== CR) return;
    if (this.start < this.end) {
      if (this.buffer[this.start] === LF) this.start++;
    } else {
      this.pendingCarriageReturn = true;
    }
  }
}

type LineEnd = 'terminated' | 'eof' | 'limit';

/** Skips the rest of the current line (no decoding); gives up after `limit` bytes. */
async function skipLine(cursor: ByteCursor, limit: number): Promise<LineEnd> {
  let scanned = 0;
  while (await cursor.fill()) {
    const index = cursor.nextTerminator();
    if (index !== -1) {
      cursor.consumeTerminator(index);
      return 'terminated';
    }
    scanned += cursor.end - cursor.start;
    cursor.start = cursor.end;
    if (scanned >= limit) return 'limit';
  }
  return 'eof';
}

/** Skips `count` whole lines without decoding; returns how many there were (fewer at the end of the file). */
async function skipLines(
  cursor: ByteCursor,
  count: number,
  signal: AbortSignal | undefined,
): Promise<number> {
  let skipped = 0;
  while (skipped < count) {
    if (signal?.aborted) return skipped;
    if (!(await cursor.fill())) return skipped;
    const bulk = cursor.skipWholeChunk(count - skipped);
    if (bulk >= 0) {
      skipped += bulk;
      continue;
    }
    for (;;) {
      const index = cursor.nextTerminator();
      if (index === -1) {
        cursor.start = cursor.end;
        break;
      }
      cursor.consumeTerminator(index);
      if (++skipped === count || cursor.start >= cursor.end) break;
    }
  }
  return skipped;
}

/** Drops a lone high surrogate a cut left at the end, so the content stays well-formed UTF-16. */
function cutAt(text: string, maxChars: number): string {
  const cut = text.slice(0, maxChars);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count++;
  return count;
}

/**
 * Reads lines `startLine..endLine` of a file as UTF-8 (invalid bytes become U+FFFD), streaming:
 * lines before the range are skipped without decoding, reading stops at `endLine` or once the
 * content passes `maxChars`, so memory is bounded by the range and never by the file. `\n`,
 * `\r\n` and `\r` all end a line; the content joins lines with `\n`.
 */
export async function readLineRange(
  handle: ReadableFile,
  dataStart: number,
  request: LineRangeRequest,
): Promise<LineRangeOutcome> {
  // The SIMD counter only pays off when there are lines to skip.
  const counter = request.useSimd === false || request.startLine === 1 ? undefined : acquireLineFeedCounter();
  // One byte past the end, so the read that meets the end of a file of the expected size is the last.
  const needed = request.sizeBytes === undefined ? Infinity : Math.max(1, request.sizeBytes - dataStart + 1);
  const maxChunk = Math.min(request.chunkBytes ?? MAX_CHUNK_BYTES, needed);
  const cursor = new ByteCursor(
    handle,
    dataStart,
    Math.min(request.chunkBytes ?? FIRST_CHUNK_BYTES, maxChunk),
    maxChunk,
    counter,
  );
  try {
    return await readWithCursor(cursor, request);
  } finally {
    if (counter) {
      // A read-ahead may still be landing in the counter's memory: wait for it before reuse.
      await cursor.settle();
      releaseLineFeedCounter(counter);
    }
  }
}

async function readWithCursor(cursor: ByteCursor, request: LineRangeRequest): Promise<LineRangeOutcome> {
  const { startLine, endLine, maxChars, signal } = request;

  const skipped = await skipLines(cursor, startLine - 1, signal);
  if (signal?.aborted) return 'aborted';
  if (skipped < startLine - 1) {
    return { content: '', startLine, endLine: startLine - 1, truncated: false, hasMore: false };
  }
  let line = startLine;

  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  const parts: string[] = [];
  let length = 0;
  let lastLine = startLine - 1;
  let hasMore = false;
  let overflow = false;

  reading: for (; endLine === undefined || line <= endLine; line++) {
    if (!(await cursor.fill())) break;
    if (line > startLine) {
      parts.push('\n');
      length++;
    }
    lastLine = line;
    if (length > maxChars) {
      overflow = true;
      break;
    }
    for (;;) {
      if (signal?.aborted) return 'aborted';
      if (!(await cursor.fill())) {
        const tail = decoder.decode();
        parts.push(tail);
        length += tail.length;
        if (length > maxChars) overflow = true;
        break reading;
      }
      const index = cursor.nextTerminator();
      const stop = index === -1 ? cursor.end : index;
      const text = decoder.decode(cursor.buffer.subarray(cursor.start, stop), { stream: index === -1 });
      parts.push(text);
      length += text.length;
      if (index === -1) {
        cursor.start = cursor.end;
      } else {
        cursor.consumeTerminator(index);
      }
      if (length > maxChars) {
        overflow = true;
        // The cut fell inside this line: whether more lines follow depends on what is after it.
        if (index === -1) {
          const end = await skipLine(cursor, LOOKAHEAD_BYTES);
          hasMore = end === 'limit' || (end === 'terminated' && (await cursor.fill()));
        } else {
          hasMore = await cursor.fill();
        }
        break reading;
      }
      if (index !== -1) break;
    }
    if (endLine !== undefined && line === endLine) {
      hasMore = await cursor.fill();
      break;
    }
  }

  if (!overflow) {
    return { content: parts.join(''), startLine, endLine: lastLine, truncated: false, hasMore };
  }
  const content = cutAt(parts.join(''), maxChars);
  const shownLast = startLine + countNewlines(content);
  // Lines after the one the cut fell in exist when the reader had already started one.
  return {
    content,
    startLine,
    endLine: shownLast,
    truncated: true,
    hasMore: shownLast < lastLine ? true : hasMore,
  };
}
