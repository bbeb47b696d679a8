import type { SpillWriter } from '@toolgate/core';
import type { CaptureSpill } from './head-tail-capture.js';

/** A window of a log, addressed by absolute character offsets since the process started. */
export interface LogWindow {
  /** The text from `offset`. */
  readonly content: string;
  /** Offset the content starts at (the requested one, moved up to what is still kept). */
  readonly offset: number;
  /** Offset just past the content: pass it as the next `offset`. */
  readonly nextOffset: number;
  /** True when the requested offset had already been dropped from the buffer. */
  readonly truncated: boolean;
}

const encoder = new TextEncoder();

/**
 * A bounded log: keeps the last `capacity` characters; offsets are absolute, so a reader can
 * continue where it left off and learn when text was dropped in between. With a spill, the whole
 * log goes to a file (UTF-8) from the moment it outgrows the capacity: what it held so far (all of
 * it: nothing is dropped before), then each piece as it comes.
 */
export class LogRingBuffer {
  private text = '';
  private start = 0;
  private writer: SpillWriter | undefined;
  /** Where the whole log is, once spilled; undefined again when the spill refused it. */
  private file: string | undefined;

  constructor(
    private readonly capacity: number,
    initialText = '',
    initialStart = 0,
    private readonly spill?: CaptureSpill,
  ) {
    this.text = initialText;
    this.start = initialStart;
    this.trim();
  }

  /** Appends text, dropping the oldest characters beyond the capacity. */
  append(piece: string): void {
    if (piece === '') return;
    if (this.writer) this.writer.write(encoder.encode(piece));
    else if (this.spill && this.start === 0 && this.text.length + piece.length > this.capacity) {
      this.writer = this.spill.spill.open(this.spill.label);
      this.file = this.writer.path;
      this.writer.write(encoder.encode(this.text));
      this.writer.write(encoder.encode(piece));
    }
    this.text += piece;
    // Trim only when twice over, so the cost of copying stays proportional to what is appended.
    if (this.text.length > this.capacity * 2) this.trim();
  }

  private trim(): void {
    if (this.text.length <= this.capacity) return;
    const drop = this.text.length - this.capacity;
    this.text = this.text.slice(drop);
    this.start += drop;
  }

  /** The file holding the whole log, once it outgrew the capacity and the spill kept it. */
  get spilledTo(): string | undefined {
    return this.file;
  }

  /** Ends the spill file (the log is complete); a spill that refused it (its disk cap) leaves no file. */
  closeSpill(): void {
    const outcome = this.writer?.close();
    this.writer = undefined;
    if (outcome && 'note' in outcome) this.file = undefined;
  }

  /** Offset of the oldest character kept. */
  get startOffset(): number {
    this.trim();
    return this.start;
  }

  /** Offset just past the newest character. */
  get endOffset(): number {
    return this.start + this.text.length;
  }

  /** Reads up to `limit` characters from `offset`. */
  read(offset: number, limit: number): LogWindow {
    this.trim();
    const end = this.endOffset;
    const from = Math.min(Math.max(offset, this.start), end);
    const to = Math.min(end, from + limit);
    return {
      content: this.text.slice(from - this.start, to - this.start),
      offset: from,
      nextOffset: to,
      truncated: offset < this.start,
    };
  }

  /** The last `count` characters and where they start. */
  tail(count: number): { readonly text: string; readonly startOffset: number } {
    this.trim();
    const text = this.text.slice(Math.max(0, this.text.length - count));
    return { text, startOffset: this.endOffset - text.length };
  }
}
