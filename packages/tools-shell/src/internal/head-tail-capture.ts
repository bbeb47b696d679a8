import { type OutputSpill, type SpilledOutput, spilledOutputMarker } from '@toolgate/core';
import { releaseChunk } from './release-chunk.js';
import { SpillBatch } from './spill-batch.js';

/** What a capture kept, decoded. */
export interface CapturedText {
  /** The text, with a marker in place of the dropped middle when the stream exceeded its cap. */
  readonly text: string;
  /** Total bytes the stream produced. */
  readonly totalBytes: number;
  /** Bytes left out (0 when everything was kept). */
  readonly droppedBytes: number;
  /** Where the whole stream was written, when it exceeded its cap and the session spilled it. */
  readonly spilled?: SpilledOutput;
}

/** Where a capture writes a stream that exceeds its cap: the session's spill and the file's label. */
export interface CaptureSpill {
  readonly spill: OutputSpill;
  readonly label: string;
}

/** How a capture treats the chunks pushed into it. */
export interface CaptureOptions {
  /**
   * The caller gives up each chunk it pushes (a child's pipe read that nothing else holds): the
   * capture frees a chunk's memory as soon as it no longer keeps it (see `releaseChunk`), and the
   * chunk must not be used after `push`. @default false
   */
  readonly ownsChunks?: boolean;
}

/** Marker put where the middle of an oversized stream was dropped (AI4J's wording). */
export function truncationMarker(droppedBytes: number, limitBytes: number): string {
  return `\n[... truncated ${droppedBytes} bytes — output exceeded ${limitBytes}-byte limit ...]\n`;
}

const MAX_TAIL_CHUNKS = 256;

function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/** Length of `bytes` without a UTF-8 sequence left incomplete at its end. */
function completeSequenceLength(bytes: Uint8Array): number {
  let start = bytes.length;
  for (let back = 0; back < 4 && start > 0; back++) {
    start--;
    const byte = bytes[start]!;
    if (!isContinuationByte(byte)) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      return bytes.length - start >= needed ? bytes.length : start;
    }
  }
  return bytes.length;
}

/** Offset of the first byte that does not continue a sequence begun before `bytes`. */
function firstSequenceStart(bytes: Uint8Array): number {
  let index = 0;
  while (index < 3 && isContinuationByte(bytes[index])) index++;
  return index;
}

/**
 * Captures one output stream in bounded memory: the first half of `limitBytes` and the last half
 * are kept, the middle is only counted. Bytes are decoded once at the end, invalid UTF-8 becoming
 * U+FFFD; when the middle is dropped, the cut points move to character boundaries. With a spill,
 * the whole stream goes to a file from the moment it exceeds its cap (what was held so far first,
 * then each chunk as it comes, in writes of 1 MiB), and the marker names that file. With `ownsChunks`, what it no
 * longer keeps is freed at once instead of waiting for the garbage collector.
 */
export class HeadTailCapture {
  private readonly headLimit: number;
  private readonly tailLimit: number;
  private head: Buffer | undefined;
  private headLength = 0;
  private readonly tail: Buffer[] = [];
  private tailLength = 0;
  private total = 0;

  private writer: SpillBatch | undefined;
  private readonly ownsChunks: boolean;

  constructor(
    private readonly limitBytes: number,
    private readonly spill?: CaptureSpill,
    options: CaptureOptions = {},
  ) {
    this.ownsChunks = options.ownsChunks ?? false;
    this.headLimit = Math.ceil(limitBytes / 2);
    this.tailLimit = limitBytes - this.headLimit;
  }

  /** Adds a chunk of the stream. */
  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.writer) this.writer.add(chunk);
    else if (this.spill && this.total > this.limitBytes) {
      // Nothing was dropped yet: the head and the tail still hold every earlier byte.
      this.writer = new SpillBatch(this.spill.spill.open(this.spill.label));
      if (this.head) this.writer.add(this.head.subarray(0, this.headLength));
      for (const held of this.tail) this.writer.add(held);
      this.writer.add(chunk);
    }
    let rest = chunk;
    if (this.headLength < this.headLimit) {
      const take = Math.min(this.headLimit - this.headLength, rest.length);
      this.head ??= Buffer.allocUnsafe(this.headLimit);
      rest.copy(this.head, this.headLength, 0, take);
      this.headLength += take;
      if (take === rest.length) {
        this.release(chunk);
        return;
      }
      rest = rest.subarray(take);
    }
    this.tail.push(rest);
    this.tailLength += rest.length;
    // Drop whole chunks from the front while the rest still covers the tail budget.
    while (this.tail.length > 1 && this.tailLength - this.tail[0]!.length >= this.tailLimit) {
      const dropped = this.tail.shift()!;
      this.tailLength -= dropped.length;
      this.release(dropped);
    }
    // Many tiny chunks (a command writing byte by byte): fold them into one buffer.
    if (this.tail.length > MAX_TAIL_CHUNKS) {
      const joined = Buffer.concat(this.tail, this.tailLength);
      const kept = joined.subarray(Math.max(0, joined.length - this.tailLimit));
      for (const folded of this.tail) this.release(folded);
      this.tail.length = 0;
      this.tail.push(kept);
      this.tailLength = kept.length;
    }
  }

  private release(chunk: Buffer): void {
    if (this.ownsChunks) releaseChunk(chunk);
  }

  /** Total bytes seen so far. */
  get totalBytes(): number {
    return this.total;
  }

  /** Decodes what was kept. */
  finish(): CapturedText {
    const head = this.head ? this.head.subarray(0, this.headLength) : Buffer.alloc(0);
    const tailAll = Buffer.concat(this.tail, this.tailLength);
    if (this.total <= this.limitBytes) {
      return { text: decode(Buffer.concat([head, tailAll])), totalBytes: this.total, droppedBytes: 0 };
    }
    const tail = tailAll.subarray(tailAll.length - this.tailLimit);
    const headKept = head.subarray(0, completeSequenceLength(head));
    const tailKept = tail.subarray(firstSequenceStart(tail));
    const dropped = this.total - headKept.length - tailKept.length;
    const outcome = this.writer?.close();
    const spilled = outcome && 'path' in outcome ? outcome : undefined;
    const note = outcome && 'note' in outcome ? `${outcome.note}\n` : '';
    const marker = spilled
      ? spilledOutputMarker(dropped, spilled)
      : `${truncationMarker(dropped, this.limitBytes)}${note}`;
    return {
      text: decode(headKept) + marker + decode(tailKept),
      totalBytes: this.total,
      droppedBytes: dropped,
      ...(spilled ? { spilled } : {}),
    };
  }
}

const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

function decode(bytes: Uint8Array): string {
  return bytes.length === 0 ? '' : decoder.decode(bytes);
}
