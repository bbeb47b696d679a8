import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { type MessageEnvelope, MessageEnvelopeScanner } from '../json-rpc/message-envelope-scanner.js';

/** The largest message either side reads over stdio (the MCP SDK's own stdio limit): 10 MiB. */
export const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;

/** `10 MiB`, for messages that name the limit. */
export const MAX_STDIO_MESSAGE_TEXT = '10 MiB';

/** What a {@link createJsonLineReader} finds in the stream, line by line. */
export interface JsonLineHandlers {
  /** A well-formed JSON-RPC message. */
  readonly message: (message: JSONRPCMessage) => void;
  /**
   * A line that is not JSON (`not_json`) or not a JSON-RPC message (`not_json_rpc`); `id` is its
   * request id when the line is an object with a `method` and a string or number `id`.
   */
  readonly invalid: (error: Error, line: InvalidLine) => void;
  /**
   * A line longer than the limit, skipped without being held in memory; `envelope` is what its
   * top level said as it passed (its `id` wherever it stands, and whether it has a `method`).
   */
  readonly oversized: (bytes: number, envelope: MessageEnvelope) => void;
}

/** What was wrong with a line {@link JsonLineHandlers.invalid} reports. */
export interface InvalidLine {
  readonly kind: 'not_json' | 'not_json_rpc';
  readonly id: RequestId | undefined;
}

/** The id of something meant as a request: an object with a `method` key and a string or number `id`. */
function requestIdOf(value: unknown): RequestId | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('method' in value))
    return undefined;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}

/**
 * Splits a byte stream into newline-delimited JSON-RPC messages. Unlike the SDK's buffer, a line
 * over `maxBytes` does not end the stream: it is counted and skipped, and reading goes on with the
 * next line. Chunks are joined once per line, not once per chunk.
 */
export function createJsonLineReader(
  handlers: JsonLineHandlers,
  maxBytes: number = MAX_STDIO_MESSAGE_BYTES,
): (chunk: Buffer) => void {
  let parts: Buffer[] = [];
  let length = 0;
  let scanner: MessageEnvelopeScanner | undefined;

  const take = (piece: Buffer) => {
    if (!scanner && length + piece.length > maxBytes) {
      scanner = new MessageEnvelopeScanner();
      for (const part of parts) scanner.push(part);
      parts = [];
    }
    length += piece.length;
    if (scanner) scanner.push(piece);
    else if (piece.length > 0) parts.push(piece);
  };

  const endLine = () => {
    const bytes = length;
    const found = scanner;
    const line = found ? undefined : Buffer.concat(parts, length).toString('utf8').replace(/\r$/, '');
    parts = [];
    length = 0;
    scanner = undefined;
    if (found) {
      handlers.oversized(bytes, found.envelope());
      return;
    }
    if (line === undefined || line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      handlers.invalid(error instanceof Error ? error : new Error(String(error)), {
        kind: 'not_json',
        id: undefined,
      });
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      handlers.invalid(parsed.error, { kind: 'not_json_rpc', id: requestIdOf(value) });
      return;
    }
    handlers.message(parsed.data);
  };

  return (chunk) => {
    let start = 0;
    while (start <= chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      take(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) return;
      endLine();
      start = newline + 1;
    }
  };
}
