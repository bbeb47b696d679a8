/**
 * The relay, a program of its own run as a child inside a sandbox's network namespace (see
 * startNetnsRelay and startRelayNamespace): it listens on the namespace's loopback and carries each
 * connection to the allowlist proxy's unix socket, which lives outside. It says `listening` on its
 * fd 1 and exits when its fd 0 ends (whoever started it is gone). Passed to Node with `-e`, so it
 * needs no file beside the code: a bundle (the CLI's, toolgate-acp's) runs it as the sources do.
 */
const RELAY_SOURCE = `
const { createReadStream, writeSync } = require('node:fs');
const { createConnection, createServer } = require('node:net');
const [socketPath, portText] = process.argv.slice(1);
const server = createServer((client) => {
  const proxy = createConnection({ path: socketPath });
  client.on('error', () => proxy.destroy());
  proxy.on('error', () => client.destroy());
  client.pipe(proxy);
  proxy.pipe(client);
});
server.listen(Number(portText), '127.0.0.1', () => writeSync(1, 'listening\\n'));
const parent = createReadStream('', { fd: 0 });
parent.on('data', () => {});
parent.on('end', () => process.exit(0));
parent.on('error', () => process.exit(0));
`;

/** Node's arguments that run the relay for the proxy's socket and the namespace's port. */
export function relayArguments(socketPath: string, port: number): string[] {
  return ['-e', RELAY_SOURCE, '--', socketPath, String(port)];
}
