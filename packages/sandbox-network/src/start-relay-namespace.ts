import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { relayArguments } from './relay-program.js';
import { DEFAULT_RELAY_PORT } from './sandbox-network-options.js';

/** A relay in a network namespace of its own, for sandboxes to join. */
export interface RelayNamespace {
  /** A process inside the namespace (the relay): `nsenter --user --net --target <pid>` joins it. */
  readonly pid: number;
  /** The port the relay listens on, on the namespace's loopback. */
  readonly port: number;
  /** Ends the relay, and with it the namespace. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts, with bubblewrap (new user and network namespaces, no root needed), a network namespace
 * whose only interface is its loopback, and in it the relay that carries each connection on
 * `127.0.0.1:port` to the proxy's unix socket. bubblewrap sandboxes then join that namespace
 * (`nsenter --user --net --preserve-credentials`) instead of making an empty one: the one way out
 * of them is the proxy. The relay sees the host read-only and the proxy's directory; it runs
 * toolgate's own code, without the sandbox's seccomp filter (it must connect to the socket).
 * Rejects with bubblewrap's error output when it cannot start.
 */
export function startRelayNamespace(options: {
  readonly bwrapPath: string;
  readonly socketPath: string;
  /** @default 3128 */
  readonly port?: number;
}): Promise<RelayNamespace> {
  const port = options.port ?? DEFAULT_RELAY_PORT;
  const directory = dirname(options.socketPath);
  return new Promise((resolve, reject) => {
    const child = spawn(
      options.bwrapPath,
      [
        '--unshare-user',
        '--unshare-net',
        '--die-with-parent',
        '--ro-bind',
        '/',
        '/',
        '--dev',
        '/dev',
        '--bind',
        directory,
        directory,
        '--info-fd',
        '3',
        '--',
        process.execPath,
        ...relayArguments(options.socketPath, port),
      ],
      { stdio: ['pipe', 'pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    let stdout = '';
    let info = '';
    let pid: number | undefined;
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const exited = new Promise<void>((done) => child.once('close', () => done()));
    child.once('error', (error) =>
      reject(new Error(`the network namespace could not start: ${error.message}`)),
    );
    child.once('exit', (code) =>
      reject(new Error(`the network namespace's relay exited (${code}): ${stderr.trim()}`)),
    );
    const ready = (): void => {
      if (pid === undefined || !stdout.includes('listening\n')) return;
      resolve({
        pid,
        port,
        async stop() {
          child.stdin!.end();
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    (child.stdio[3] as Readable).setEncoding('utf8').on('data', (text: string) => {
      info += text;
      const match = /"child-pid"\s*:\s*(\d+)/.exec(info);
      if (match) {
        pid = Number(match[1]);
        ready();
      }
    });
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      ready();
    });
  });
}
