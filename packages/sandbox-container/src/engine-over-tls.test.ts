import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineAddress } from './engine/engine-address.js';
import { openContainerSandbox } from './open-container-sandbox.js';
import {
  type ContainerFixture,
  createContainerFixture,
  findTestEngine,
} from './test-support/container-test-kit.js';

const engine = await findTestEngine();
if (!engine.ok) console.warn(`container engine over TLS tests skipped: ${engine.reason}`);
const SOCKET =
  engine.ok && engine.client.address.kind === 'unix' ? engine.client.address.socketPath : undefined;

/** A CA, a server certificate for 127.0.0.1 and a client certificate, named as DOCKER_CERT_PATH holds them. */
function makeCertificates(directory: string): void {
  const run = (script: string) => execFileSync('sh', ['-c', script], { cwd: directory, stdio: 'ignore' });
  run(
    [
      'openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=test-ca -keyout ca-key.pem -out ca.pem',
      'printf "subjectAltName=IP:127.0.0.1\\n" > server.ext',
      'printf "extendedKeyUsage=clientAuth\\n" > client.ext',
      'openssl req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -keyout server-key.pem -out server.csr',
      'openssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 1 -extfile server.ext -out server.pem',
      'openssl req -newkey rsa:2048 -nodes -subj /CN=client -keyout key.pem -out client.csr',
      'openssl x509 -req -in client.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 1 -extfile client.ext -out cert.pem',
    ].join(' && '),
  );
}

describe.skipIf(SOCKET === undefined)('an engine reached over TCP with TLS on loopback', () => {
  const ready = engine as Extract<typeof engine, { ok: true }>;
  let certs: string;
  let server: Server;
  let port: number;
  let fixture: ContainerFixture;
  const saved = { verify: process.env.DOCKER_TLS_VERIFY, path: process.env.DOCKER_CERT_PATH };

  beforeAll(async () => {
    certs = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-engine-tls-')));
    makeCertificates(certs);
    const [key, cert, ca] = await Promise.all(
      ['server-key.pem', 'server.pem', 'ca.pem'].map((name) => readFile(join(certs, name), 'utf8')),
    );
    // What `dockerd --tlsverify -H tcp://127.0.0.1:…` does on its TCP socket: demand a client
    // certificate signed by the CA, then speak the API. The engine behind it is the local one, so
    // the workspace's binds still name this machine's paths.
    server = createServer({ key, cert, ca, requestCert: true, rejectUnauthorized: true }, (client) => {
      const engineSocket = connect(SOCKET!);
      client.on('error', () => engineSocket.destroy());
      engineSocket.on('error', () => client.destroy());
      client.pipe(engineSocket).pipe(client);
    });
    port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
    fixture = await createContainerFixture();
    process.env.DOCKER_TLS_VERIFY = '1';
    process.env.DOCKER_CERT_PATH = certs;
  });
  afterAll(async () => {
    if (saved.verify === undefined) delete process.env.DOCKER_TLS_VERIFY;
    else process.env.DOCKER_TLS_VERIFY = saved.verify;
    if (saved.path === undefined) delete process.env.DOCKER_CERT_PATH;
    else process.env.DOCKER_CERT_PATH = saved.path;
    server?.close();
    await fixture?.dispose();
    if (certs) await rm(certs, { recursive: true, force: true });
  });

  it('reads the certificates as the docker CLI does and runs a session through TLS', async () => {
    const opening = await openContainerSandbox({
      workspaceRoot: fixture.workspace,
      mode: 'workspace-write',
      image: ready.image,
      engine: `tcp://127.0.0.1:${port}`,
    });
    if (!opening.ok) throw new Error(opening.reason);
    try {
      expect(opening.sandbox.engine).toBe(`tcp://127.0.0.1:${port} (TLS)`);
      const result = await opening.sandbox.execute({
        command: 'cat readme.txt; echo err >&2',
        workingDirectory: '.',
        timeoutMs: 30_000,
        signal: new AbortController().signal,
        metadata: {},
      });
      expect(result).toMatchObject({ exitCode: 0, stdout: 'hello\n', stderr: 'err\n' });
    } finally {
      await opening.sandbox.close();
    }
  });

  it('opens nothing without a client certificate the engine accepts', async () => {
    process.env.DOCKER_CERT_PATH = join(certs, 'missing');
    try {
      expect(() => engineAddress(`tcp://127.0.0.1:${port}`)).toThrow(/could not read the TLS files/);
    } finally {
      process.env.DOCKER_CERT_PATH = certs;
    }
    delete process.env.DOCKER_TLS_VERIFY;
    try {
      // Plain HTTP to a TLS port: the engine is not reached, the opening says so.
      const opening = await openContainerSandbox({
        workspaceRoot: fixture.workspace,
        mode: 'workspace-write',
        image: ready.image,
        engine: `tcp://127.0.0.1:${port}`,
        openTimeoutMs: 10_000,
      });
      expect(opening.ok).toBe(false);
    } finally {
      process.env.DOCKER_TLS_VERIFY = '1';
    }
  });
});
