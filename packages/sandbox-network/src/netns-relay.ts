// Run as its own process inside a sandbox's network namespace (see startNetnsRelay): listens on
// the namespace's loopback and carries each connection to the allowlist proxy's unix socket,
// which lives outside. Arguments: the proxy's socket path, the port to listen on.
import { createConnection, createServer } from 'node:net';

const [socketPath, portText] = process.argv.slice(2);
const server = createServer((client) => {
  const proxy = createConnection({ path: socketPath! });
  client.on('error', () => proxy.destroy());
  proxy.on('error', () => client.destroy());
  client.pipe(proxy);
  proxy.pipe(client);
});
server.listen(Number(portText), '127.0.0.1', () => process.stdout.write('listening\n'));
// Ends with whoever started it.
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
