import type { Readable } from 'node:stream';

/**
 * The protocol versions toolgate's server speaks, newest first: the MCP SDK's list (a test keeps
 * them equal), written out so `initialize` can be answered before the SDK loads.
 */
export const SERVER_PROTOCOL_VERSIONS = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];

/** What toolgate's server declares on `initialize` (the SDK server is made with the same). */
export const SERVER_CAPABILITIES = { tools: { listChanged: true } } as const;

/** The version the server answers with: the client's when it is spoken here, else the newest. */
export function negotiateProtocolVersion(requested: unknown): string {
  return typeof requested === 'string' && SERVER_PROTOCOL_VERSIONS.includes(requested)
    ? requested
    : (SERVER_PROTOCOL_VERSIONS[0] as string);
}

/** An `initialize` answered before the server existed, handed to its transport. */
export interface EarlyInitialize {
  /** Everything read from the input so far, to be read again by the transport, in order. */
  readonly replay: readonly Buffer[];
  /** The id of the `initialize` already answered (the server's own answer to it is not sent again). */
  readonly answeredId?: string | number;
  /** The result sent, to check the server's own against. */
  readonly answered?: unknown;
}

/** Reads the input until {@link EarlyInitializeAnswerer.handOver} and answers its first line if it is `initialize`. */
export interface EarlyInitializeAnswerer {
  /**
   * Resolves once the first line was read (and answered when it is `initialize`), the input ended
   * or failed, or the line grew past 64 KiB: the moment to load the server. Never rejects.
   */
  readonly firstLine: Promise<void>;
  /** Stops reading (the input is paused, nothing is lost) and gives what was read and answered. */
  handOver(): EarlyInitialize;
}

const SCAN_LIMIT = 64 * 1024;

/**
 * Answers a client's `initialize` as soon as its line arrives, before the MCP SDK and the tools
 * load (clients that start their first turn right after connecting would otherwise miss the
 * server): the answer is what the SDK server would send (same version negotiation, capabilities
 * and server info). The input keeps being buffered until `handOver`; the transport made then
 * replays it, so the SDK server still sees `initialize` (and the client's capabilities), and its
 * second answer to it is dropped. Loads nothing but `node:stream` types.
 */
export function answerInitializeEarly(
  input: Readable,
  output: { write(text: string): boolean },
  serverInfo: { readonly name: string; readonly version: string },
): EarlyInitializeAnswerer {
  const replay: Buffer[] = [];
  let scanned = 0;
  let done = false;
  let answeredId: string | number | undefined;
  let answered: unknown;
  let settle = () => {};
  const firstLine = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const onData = (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    replay.push(buffer);
    if (done) return;
    const end = buffer.indexOf(0x0a);
    if (end === -1) {
      scanned += buffer.length;
      if (scanned > SCAN_LIMIT) done = true;
      if (done) settle();
      return;
    }
    done = true;
    settle();
    const line = Buffer.concat(replay)
      .subarray(0, scanned + end)
      .toString('utf8');
    let message: {
      jsonrpc?: unknown;
      id?: unknown;
      method?: unknown;
      params?: { protocolVersion?: unknown };
    };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    const id = message?.id;
    if (message?.jsonrpc !== '2.0' || message.method !== 'initialize') return;
    if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return;
    answered = {
      protocolVersion: negotiateProtocolVersion(message.params?.protocolVersion),
      capabilities: SERVER_CAPABILITIES,
      serverInfo: { name: serverInfo.name, version: serverInfo.version },
    };
    answeredId = id;
    output.write(`${JSON.stringify({ result: answered, jsonrpc: '2.0', id })}\n`);
  };
  input.on('data', onData);
  input.once('end', settle);
  input.once('error', settle);
  input.once('close', settle);
  return {
    firstLine,
    handOver() {
      input.pause();
      input.off('data', onData);
      input.off('end', settle);
      input.off('error', settle);
      input.off('close', settle);
      return { replay, ...(answeredId === undefined ? {} : { answeredId, answered }) };
    },
  };
}
