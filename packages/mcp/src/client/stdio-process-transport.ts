import { type ChildProcess, spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { signalProcessGroup } from '@toolgate/core';
import { createJsonLineReader, MAX_STDIO_MESSAGE_TEXT } from '../internal/json-line-reader.js';
import { forgetServerGroup, trackServerGroup } from '../internal/server-process-groups.js';

/** JSON-RPC error code of the answer put in place of a server message over the size limit. */
export const MESSAGE_TOO_LARGE_CODE = -32_010;

/** How to start a stdio server. */
export interface StdioProcessParameters {
  readonly command: string;
  readonly args: readonly string[];
  /** Added to the SDK's short list of inherited variables (HOME, PATH, …). */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
}

// After stdin closes, how long a server gets to exit before SIGTERM, then before SIGKILL.
const EXIT_GRACE_MS = 1000;

function exitedWithin(closed: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void closed.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * The client side of a stdio server, in place of the SDK's: the server runs in its own process
 * group, which close() (and the host's exit) ends as a whole, so neither a wrapper's children
 * (`npx`, `sh -c`) nor a server that ignores EOF outlive the host; and a message over the 10 MiB
 * limit is skipped and answered as a JSON-RPC error for its request instead of dropping the server.
 */
export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  /** What the server writes to stderr (available before start, so nothing early is lost). */
  readonly stderr = new PassThrough();
  /** Why the transport closed itself, when it did (a message it could not read). */
  failure: string | undefined;
  private child: ChildProcess | undefined;
  private closed: Promise<void> | undefined;

  constructor(private readonly parameters: StdioProcessParameters) {}

  start(): Promise<void> {
    if (this.child) throw new Error('StdioProcessTransport already started');
    const { command, args, env, cwd } = this.parameters;
    const read = createJsonLineReader({
      message: (message) => this.onmessage?.(message),
      invalid: (error) => this.onerror?.(error),
      oversized: (bytes, { id, hasMethod }) => {
        const message = `the server's message is ${bytes} bytes, over the ${MAX_STDIO_MESSAGE_TEXT} limit of one MCP message`;
        if (id === undefined) {
          this.failure = message;
          void this.close();
          return;
        }
        // A request of the server's (sampling, elicitation) is refused; an answer to one of ours
        // fails that request.
        if (hasMethod)
          // The server may be gone already: a failed send is the transport's error, never unhandled.
          this.send({ jsonrpc: '2.0', id, error: { code: MESSAGE_TOO_LARGE_CODE, message } }).catch(
            (error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))),
          );
        else this.onmessage?.({ jsonrpc: '2.0', id, error: { code: MESSAGE_TOO_LARGE_CODE, message } });
      },
    });
    return new Promise((resolve, reject) => {
      const child = spawn(command, [...args], {
        env: { ...getDefaultEnvironment(), ...env },
        cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
      this.child = child;
      this.closed = new Promise((settle) => child.once('close', () => settle()));
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        if (child.pid !== undefined) trackServerGroup(child.pid);
        resolve();
      });
      void this.closed.then(() => {
        // The leader is gone; anything it left in its group goes with it.
        if (child.pid !== undefined) {
          signalProcessGroup(child.pid, 'SIGTERM');
          forgetServerGroup(child.pid);
        }
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => read(chunk));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stderr?.pipe(this.stderr);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || stdin.destroyed) {
        reject(new Error('Not connected'));
        return;
      }
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  /**
   * Kills the process group at once, for a server with nothing to finish (it never completed
   * initialize); `close()` then only waits for it to go.
   */
  kill(): void {
    const pid = this.child?.pid;
    if (pid !== undefined) signalProcessGroup(pid, 'SIGKILL');
  }

  /** Closes stdin, then ends the process group: SIGTERM after a grace period, then SIGKILL. */
  async close(): Promise<void> {
    const child = this.child;
    const closed = this.closed;
    if (!child || !closed) return;
    child.stdin?.end();
    const pid = child.pid;
    if (pid === undefined || (await exitedWithin(closed, EXIT_GRACE_MS))) return;
    signalProcessGroup(pid, 'SIGTERM');
    if (await exitedWithin(closed, EXIT_GRACE_MS)) return;
    signalProcessGroup(pid, 'SIGKILL');
    await exitedWithin(closed, EXIT_GRACE_MS);
  }
}
