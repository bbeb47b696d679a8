import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * The SDK's stdio server transport over streams the host hands in (usually the process's own standard
 * input and output), which also closes when the input ends: the SDK's own transport does not notice
 * EOF, so without this a server whose client went away would never run its `onClose`.
 */
export function createStdioServerTransport(input: Readable, output: Writable): Transport {
  const transport = new StdioServerTransport(input, output);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    void transport.close();
  };
  input.once('end', close);
  input.once('close', close);
  return transport;
}
