// A program of its own, run as a child inside a sandbox's network namespace (see startNetnsRelay
// and startRelayNamespace): listens on the namespace's loopback and carries each connection to the
// allowlist proxy's unix socket, which lives outside. Arguments: the proxy's socket path, the port.
// It says `listening` on its fd 1 and exits when its fd 0 ends (whoever started it is gone).
import { createReadStream, writeSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

const [socketPath, portText] = process.argv.slice(2);
const server = createServer((client) => {
  const proxy = createConnection({ path: socketPath! });
  client.on('error', () => proxy.destroy());
  proxy.on('error', () => client.destroy());
  client.pipe(proxy);
  proxy.pipe(client);
});
server.listen(Number(portText), '127.0.0.1', () => writeSync(1, 'listening\n'));
const parent = createReadStream('', { fd: 0 });
parent.on('data', () => {});
parent.on('end', () => process.exit(0));
parent.on('error', () => process.exit(0));
