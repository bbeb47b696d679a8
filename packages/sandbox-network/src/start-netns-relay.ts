import { spawn } from 'node:child_process';
import { relayArguments } from './relay-program.js';
import { DEFAULT_RELAY_PORT } from './sandbox-network-options.js';

/** A relay process in a sandbox's network namespace. */
export interface NetnsRelay {
  /** The port it listens on, on the namespace's loopback. */
  readonly port: number;
  /** Ends the relay. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts, in the network namespace of process `targetPid` (`nsenter --net`, which needs
 * CAP_SYS_ADMIN over that namespace: root for a rootful engine's container), a relay listening on
 * that namespace's `127.0.0.1:port` that carries each connection to the proxy's unix socket. A
 * namespace with no other interface (`--network none`) then has exactly one way out: the proxy.
 * Rejects when the relay does not start (no nsenter, no permission), with its error output.
 */
export function startNetnsRelay(options: {
  readonly targetPid: number;
  readonly socketPath: string;
  /** @default 3128 */
  readonly port?: number;
  /** @default 'nsenter' */
  readonly nsenterPath?: string;
}): Promise<NetnsRelay> {
  const port = options.port ?? DEFAULT_RELAY_PORT;
  return new Promise((resolve, reject) => {
    const child = spawn(
      options.nsenterPath ?? 'nsenter',
      [
        '--target',
        String(options.targetPid),
        '--net',
        '--',
        process.execPath,
        ...relayArguments(options.socketPath, port),
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    let stdout = '';
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const exited = new Promise<void>((done) => child.once('close', () => done()));
    child.once('error', (error) => reject(new Error(`the network relay could not start: ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`the network relay exited (${code}): ${stderr.trim()}`)));
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      if (!stdout.includes('listening\n')) return;
      resolve({
        port,
        async stop() {
          child.stdin!.end();
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
