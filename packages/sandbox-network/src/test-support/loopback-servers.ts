import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A self-signed certificate for `registry.test`, made with openssl for this run. */
export function testCertificate(): { key: string; cert: string } {
  const directory = mkdtempSync(join(tmpdir(), 'toolgate-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=registry.test',
        '-keyout',
        join(directory, 'key.pem'),
        '-out',
        join(directory, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(directory, 'key.pem'), 'utf8'),
      cert: readFileSync(join(directory, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Loopback HTTP and HTTPS servers that answer `<method> <host header> <path>`, and count requests. */
export interface LoopbackServers {
  readonly httpPort: number;
  readonly httpsPort: number;
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startLoopbackServers(): Promise<LoopbackServers> {
  const requests: string[] = [];
  const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    requests.push(`${req.method} ${req.headers.host} ${req.url}`);
    res.end(`${req.method} ${req.headers.host} ${req.url}\n`);
  };
  const http = createHttpServer(handler);
  const https = createHttpsServer(testCertificate(), handler);
  const listen = (server: Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const [httpPort, httpsPort] = await Promise.all([listen(http), listen(https)]);
  return {
    httpPort,
    httpsPort,
    requests,
    close: async () => {
      http.closeAllConnections();
      https.closeAllConnections();
      await Promise.all([new Promise((r) => http.close(r)), new Promise((r) => https.close(r))]);
    },
  };
}
