import { type AnyMessage, RequestError, type Stream } from '@agentclientprotocol/sdk';
import type { MessageEnvelopeScanner } from '@toolgate/mcp';

/** The largest line toolgate-acp reads as one message: 32 MiB. */
export const MAX_ACP_MESSAGE_BYTES = 32 * 1024 * 1024;

/** Options of {@link boundedNdJsonStream}. */
export interface BoundedNdJsonStreamOptions {
  /** The largest line read as a message, in bytes. @default {@link MAX_ACP_MESSAGE_BYTES} */
  readonly maxMessageBytes?: number;
  /** Receives one line per message refused for its size. @default discarded */
  readonly log?: (line: string) => void;
}

const NEWLINE = 0x0a;

const limitText = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;

/**
 * ACP's newline-delimited JSON over a pair of byte streams, as the SDK's `ndJsonStream`, except
 * that a line over the size limit does not end the connection (the SDK's stream errors, and the
 * agent with it). Such a line is never held: its bytes are counted and scanned for the top-level
 * `id` and `method` as they pass (see {@link MessageEnvelopeScanner}), and then
 * - a request gets an invalid-request error (`-32600`) with its id;
 * - an answer to one of the agent's own requests (an id, no method) reaches the connection as an
 *   error answer to that request, so whatever waited on it (a permission request) fails closed;
 * - anything else (a notification, no readable id, two ids, not an object) gets the same error
 *   with id `null`, as JSON-RPC answers a request whose id cannot be read.
 * Reading goes on with the next line. Lines that are not JSON get a parse error (`-32700`),
 * batches and non-objects an invalid-request error, as the SDK's stream answers them.
 */
export function boundedNdJsonStream(
  output: WritableStream<Uint8Array>,
  input: ReadableStream<Uint8Array>,
  options: BoundedNdJsonStreamOptions = {},
): Stream {
  const maxBytes = options.maxMessageBytes ?? MAX_ACP_MESSAGE_BYTES;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const writer = output.getWriter();
  let writes: Promise<void> = Promise.resolve();
  const writeJson = (message: unknown): Promise<void> => {
    const bytes = encoder.encode(`${JSON.stringify(message)}\n`);
    const write = writes.then(() => writer.write(bytes));
    writes = write.catch(() => {});
    return write;
  };
  const answerError = (error: RequestError, id: string | number | null = null) =>
    writeJson({ jsonrpc: '2.0', id, error: error.toErrorResponse() });

  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let cancelled = false;
  const readable = new ReadableStream<AnyMessage>({
    async start(controller) {
      let parts: Uint8Array[] = [];
      let length = 0;
      let scanner: MessageEnvelopeScanner | undefined;

      const take = async (piece: Uint8Array) => {
        if (!scanner && length + piece.length > maxBytes) {
          // Loaded on the first line over the limit: the MCP package's chunk is not needed before.
          const { MessageEnvelopeScanner } = await import('@toolgate/mcp');
          scanner = new MessageEnvelopeScanner();
          for (const part of parts) scanner.push(part);
          parts = [];
        }
        length += piece.length;
        if (scanner) scanner.push(piece);
        else if (piece.length > 0) parts.push(piece);
      };

      const oversized = async (bytes: number, found: MessageEnvelopeScanner) => {
        const { id, hasMethod } = found.envelope();
        const error = RequestError.invalidRequest(
          { bytes, maxMessageBytes: maxBytes },
          `the message is ${bytes} bytes, over toolgate-acp's limit of ${limitText(maxBytes)} (${maxBytes} bytes) for one message; it was not read.`,
        );
        const limit = `over the ${limitText(maxBytes)} limit`;
        if (id !== undefined && !hasMethod) {
          options.log?.(
            `an answer of ${bytes} bytes to request ${JSON.stringify(id)} is ${limit}; taken as an error`,
          );
          controller.enqueue({ jsonrpc: '2.0', id, error: error.toErrorResponse() } as AnyMessage);
          return;
        }
        options.log?.(
          `a message of ${bytes} bytes${id === undefined ? '' : ` (request id ${JSON.stringify(id)})`} is ${limit}; answered with an error`,
        );
        await answerError(error, id ?? null);
      };

      const endLine = async () => {
        const bytes = length;
        const found = scanner;
        const line = found ? undefined : join(parts, length);
        parts = [];
        length = 0;
        scanner = undefined;
        if (found) return oversized(bytes, found);
        const text = decoder.decode(line).trim();
        if (!text) return;
        let message: unknown;
        try {
          message = JSON.parse(text);
        } catch {
          return answerError(RequestError.parseError());
        }
        if (Array.isArray(message))
          return answerError(RequestError.invalidRequest(undefined, 'JSON-RPC batches are not supported'));
        if (typeof message !== 'object' || message === null)
          return answerError(RequestError.invalidRequest(message));
        controller.enqueue(message as AnyMessage);
      };

      reader = input.getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (cancelled) return;
          if (done) break;
          let start = 0;
          while (start <= value.length) {
            const newline = value.indexOf(NEWLINE, start);
            await take(value.subarray(start, newline === -1 ? value.length : newline));
            if (newline === -1) break;
            await endLine();
            if (cancelled) return;
            start = newline + 1;
          }
        }
        if (length > 0) await endLine();
      } catch (error) {
        if (cancelled) return;
        controller.error(error);
        void reader.cancel(error).catch(() => {});
        return;
      } finally {
        reader.releaseLock();
        reader = undefined;
      }
      if (!cancelled) controller.close();
    },
    cancel(reason) {
      cancelled = true;
      return reader?.cancel(reason);
    },
  });
  const writable = new WritableStream<AnyMessage>({
    write(message) {
      return writeJson(message);
    },
  });
  return { readable, writable };
}

function join(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const line = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    line.set(part, offset);
    offset += part.length;
  }
  return line;
}
