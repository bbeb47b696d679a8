import type { Readable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createJsonLineReader, MAX_STDIO_MESSAGE_TEXT } from '../internal/json-line-reader.js';
import type { EarlyInitialize } from './early-initialize.js';

/** Options for {@link createStdioServerTransport}. */
export interface StdioServerTransportOptions {
  /** Receives one line for each message refused without ending the session (a request over 10 MiB). @default discarded */
  readonly log?: (line: string) => void;
  /** What `answerInitializeEarly` read and answered before this transport existed. @default nothing */
  readonly early?: EarlyInitialize;
}

/**
 * A stdio server transport over streams the host hands in (usually the process's own standard
 * input and output). Unlike the SDK's, it closes when the input ends (so the server's `onClose`
 * runs when the client goes away), and a request over the 10 MiB message limit is answered with a
 * JSON-RPC error and logged, while the session goes on serving.
 */
export function createStdioServerTransport(
  input: Readable,
  output: { write(text: string): boolean; once(event: 'drain', listener: () => void): unknown },
  options: StdioServerTransportOptions = {},
): Transport {
  let closed = false;
  const early = options.early;
  let pendingEarlyAnswer = early?.answeredId !== undefined;
  const transport: Transport = {
    async start() {
      for (const chunk of early?.replay ?? []) onData(chunk);
      // Input that ended before this transport existed (read by `answerInitializeEarly`) ends it now.
      if (input.readableEnded || input.destroyed) {
        close();
        return;
      }
      input.on('data', onData);
      input.resume();
      input.on('error', onError);
      input.once('end', close);
      input.once('close', close);
    },
    send(message: JSONRPCMessage) {
      // The client already has this answer (sent before the server loaded); it is not sent twice.
      if (
        pendingEarlyAnswer &&
        'id' in message &&
        message.id === early?.answeredId &&
        !('method' in message)
      ) {
        pendingEarlyAnswer = false;
        if (!('result' in message) || JSON.stringify(message.result) !== JSON.stringify(early?.answered)) {
          options.log?.(
            `the early answer to initialize differs from the server's: ${JSON.stringify(message).slice(0, 300)}`,
          );
        }
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        if (output.write(`${JSON.stringify(message)}\n`)) resolve();
        else output.once('drain', () => resolve());
      });
    },
    async close() {
      close();
    },
  };
  const read = createJsonLineReader({
    message: (message) => transport.onmessage?.(message),
    // JSON-RPC answers what it cannot read: a parse error, or an invalid request with the id
    // when one can be read (else null), so a client never waits for an answer that cannot come.
    invalid: (error, line) => {
      transport.onerror?.(error);
      void transport.send({
        jsonrpc: '2.0',
        id: (line.id ?? null) as string | number,
        error:
          line.kind === 'not_json'
            ? { code: ErrorCode.ParseError, message: 'Parse error: the line is not JSON.' }
            : {
                code: ErrorCode.InvalidRequest,
                message: 'Invalid request: the message is not a JSON-RPC request, notification or response.',
              },
      });
    },
    oversized: (bytes, { id, hasMethod }) => {
      const message = `The request is ${bytes} bytes, over the ${MAX_STDIO_MESSAGE_TEXT} limit of one MCP message; it was not read.`;
      if (id !== undefined && !hasMethod) {
        // An answer to one of the server's own requests (an elicitation): it fails as an error
        // answer, so the approval waiting on it is refused instead of waiting on.
        options.log?.(
          `An answer of ${bytes} bytes to request ${JSON.stringify(id)} is over the ${MAX_STDIO_MESSAGE_TEXT} limit of one MCP message; taken as an error.`,
        );
        transport.onmessage?.({
          jsonrpc: '2.0',
          id,
          error: { code: ErrorCode.InvalidRequest, message: message.replace(/^The request/, 'The answer') },
        });
        return;
      }
      options.log?.(`${message}${id === undefined ? '' : ` (request id ${JSON.stringify(id)})`}`);
      void transport.send({
        jsonrpc: '2.0',
        // JSON-RPC answers a request whose id cannot be read with a null id.
        id: (id ?? null) as string | number,
        error: { code: ErrorCode.InvalidRequest, message },
      });
    },
  });
  function onData(chunk: Buffer | string) {
    read(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  function onError(error: Error) {
    transport.onerror?.(error);
  }
  function close() {
    if (closed) return;
    closed = true;
    input.off('data', onData);
    input.off('error', onError);
    if (input.listenerCount('data') === 0) input.pause();
    transport.onclose?.();
  }
  return transport;
}
