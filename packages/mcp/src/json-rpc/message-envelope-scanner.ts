/** What the top level of a JSON-RPC line says about itself, read without holding the line. */
export interface MessageEnvelope {
  /** The top-level `id`, when there is exactly one and it is a string or a finite number. */
  readonly id: string | number | undefined;
  /** Whether the top level has a `method` key (a request or notification, not a response). */
  readonly hasMethod: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
// Enough for any key this scan cares about and any id a client uses; longer ones are not ids.
const MAX_KEY_BYTES = 64;
const MAX_ID_BYTES = 1024;

const isWhitespace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/**
 * Reads the top level of one JSON object chunk by chunk, keeping only its keys and the raw text
 * of its `id`, so a line too large to hold can still be answered with its request id. It tracks
 * strings (with their escapes) and nesting, so an `"id"` inside `params` or inside a string is
 * never taken for the request's; structural bytes are ASCII, so UTF-8 needs no decoding. It does
 * not validate the literals between them: a line whose top level is not one object (another
 * value first, unbalanced, bytes after the closing brace) has no envelope, and neither has one
 * with two `id` keys, since which one the client meant cannot be told.
 */
export class MessageEnvelopeScanner {
  #started = false;
  #ended = false;
  #broken = false;
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** At depth 1: whether the next string is a key (else it is, or is inside, a value). */
  #expectKey = true;
  #key: number[] | undefined;
  #currentKey = '';
  #idBytes: number[] | undefined;
  #idCount = 0;
  #idText: string | undefined;
  #idTooLong = false;
  #hasMethod = false;

  /** Reads the next bytes of the line. */
  push(chunk: Uint8Array): void {
    // Where the next quote and backslash are, found once each and passed by: a string's bytes
    // between them are skipped at indexOf's speed, and the whole chunk is still scanned once.
    let nextQuote = -1;
    let nextBackslash = -1;
    for (let index = 0; index < chunk.length && !this.#broken; index++) {
      if (this.#inString && !this.#escaped && !this.#key && !this.#idBytes) {
        if (nextQuote < index) nextQuote = indexOrEnd(chunk, QUOTE, index);
        if (nextBackslash < index) nextBackslash = indexOrEnd(chunk, BACKSLASH, index);
        index = Math.min(nextQuote, nextBackslash);
        if (index === chunk.length) break;
      }
      const byte = chunk[index]!;
      if (this.#inString) {
        if (this.#key) this.#collectKey(byte);
        if (this.#idBytes) this.#collectId(byte);
        if (this.#escaped) this.#escaped = false;
        else if (byte === BACKSLASH) this.#escaped = true;
        else if (byte === QUOTE) {
          this.#inString = false;
          if (this.#key) this.#endKey();
        }
        continue;
      }
      if (isWhitespace(byte)) continue;
      if (this.#ended) {
        this.#broken = true;
        break;
      }
      if (!this.#started) {
        this.#started = true;
        if (byte !== OPEN_BRACE) this.#broken = true;
        this.#depth = 1;
        continue;
      }
      if (this.#depth === 1) this.#atTopLevel(byte);
      else {
        if (this.#idBytes) this.#collectId(byte);
        if (byte === QUOTE) this.#inString = true;
        else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.#depth++;
        else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) this.#depth--;
      }
    }
  }

  /** What the line's top level said; call once the whole line was pushed. */
  envelope(): MessageEnvelope {
    const whole = this.#ended && !this.#broken && !this.#inString;
    return {
      id: whole && this.#idCount === 1 ? toId(this.#idText) : undefined,
      hasMethod: whole && this.#hasMethod,
    };
  }

  #atTopLevel(byte: number): void {
    if (byte === QUOTE) {
      this.#inString = true;
      if (this.#expectKey) this.#key = [];
      else if (this.#idBytes) this.#collectId(byte);
    } else if (byte === COLON) {
      this.#expectKey = false;
      if (this.#currentKey === 'id') {
        this.#idCount++;
        this.#idBytes = [];
      }
    } else if (byte === COMMA || byte === CLOSE_BRACE) {
      this.#endValue();
      this.#expectKey = true;
      if (byte === CLOSE_BRACE) {
        this.#depth = 0;
        this.#ended = true;
      }
    } else {
      if (this.#idBytes) this.#collectId(byte);
      if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.#depth++;
      else if (byte === CLOSE_BRACKET) this.#broken = true;
    }
  }

  #collectKey(byte: number): void {
    if (byte === QUOTE && !this.#escaped) return;
    const key = this.#key!;
    // A key too long to be one this scan cares about: keep a marker that matches nothing.
    if (key.length < MAX_KEY_BYTES) key.push(byte);
  }

  #endKey(): void {
    const key = this.#key!;
    this.#key = undefined;
    try {
      this.#currentKey = JSON.parse(`"${Buffer.from(key).toString('utf8')}"`) as string;
    } catch {
      this.#currentKey = '';
    }
    if (this.#currentKey === 'method') this.#hasMethod = true;
  }

  #collectId(byte: number): void {
    const bytes = this.#idBytes!;
    if (bytes.length < MAX_ID_BYTES) bytes.push(byte);
    else this.#idTooLong = true;
  }

  #endValue(): void {
    if (!this.#idBytes) return;
    const text = this.#idTooLong ? '' : Buffer.from(this.#idBytes).toString('utf8');
    this.#idBytes = undefined;
    if (this.#idText === undefined) this.#idText = text;
  }
}

function indexOrEnd(chunk: Uint8Array, byte: number, from: number): number {
  const found = chunk.indexOf(byte, from);
  return found === -1 ? chunk.length : found;
}

function toId(text: string | undefined): string | number | undefined {
  if (text === undefined) return undefined;
  try {
    const id = JSON.parse(text) as unknown;
    return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
  } catch {
    return undefined;
  }
}
