import type { LogRingBuffer } from './log-ring-buffer.js';

/** Which stream a piece of output came from. */
export type OutputStreamName = 'stdout' | 'stderr';

/**
 * Writes stdout and stderr into one log, each line prefixed `[stdout] ` or `[stderr] `. Bytes are
 * decoded as streaming UTF-8 (invalid bytes → U+FFFD). A partial line shows at once; if the other
 * stream writes before it is finished, the line is ended there so each line keeps one prefix.
 */
export class CombinedLogWriter {
  private readonly decoders = {
    stdout: new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }),
    stderr: new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }),
  };
  private openLine: OutputStreamName | undefined;

  constructor(private readonly log: LogRingBuffer) {}

  /** Adds a chunk of one stream. */
  write(stream: OutputStreamName, chunk: Buffer): void {
    this.appendText(stream, this.decoders[stream].decode(chunk, { stream: true }));
  }

  /** Flushes a stream's decoder at its end (an incomplete sequence becomes U+FFFD). */
  end(stream: OutputStreamName): void {
    this.appendText(stream, this.decoders[stream].decode());
    if (this.openLine === stream) {
      this.log.append('\n');
      this.openLine = undefined;
    }
  }

  private appendText(stream: OutputStreamName, text: string): void {
    if (text === '') return;
    const prefix = `[${stream}] `;
    let out = '';
    if (this.openLine !== undefined && this.openLine !== stream) {
      out += '\n';
      this.openLine = undefined;
    }
    let index = 0;
    while (index < text.length) {
      if (this.openLine === undefined) out += prefix;
      const newline = text.indexOf('\n', index);
      if (newline === -1) {
        out += text.slice(index);
        this.openLine = stream;
        break;
      }
      out += text.slice(index, newline + 1);
      this.openLine = undefined;
      index = newline + 1;
    }
    this.log.append(out);
  }
}
