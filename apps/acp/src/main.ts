import { Readable, Writable } from 'node:stream';
import { boundedNdJsonStream } from './bounded-nd-json-stream.js';
import { parseCommandLine } from './command-line.js';
import { createAcpApp } from './create-acp-app.js';

// --help and --version print and exit before stdin is touched.
const commandLine = parseCommandLine(process.argv.slice(2));
if (commandLine.kind === 'exit') {
  if (commandLine.stdout) process.stdout.write(commandLine.stdout);
  if (commandLine.stderr) process.stderr.write(commandLine.stderr);
  process.exitCode = commandLine.status;
} else serve(commandLine.version);

function serve(version: string): void {
  // stdout carries ACP messages only; everything else goes to stderr.
  const log = (line: string): void => {
    process.stderr.write(`toolgate-acp: ${line}\n`);
  };
  const { app, closeAll } = createAcpApp({ env: process.env, version, log });
  // Not the SDK's ndJsonStream: a line over its size limit ends that stream, and every session with it.
  const connection = app.connect(
    boundedNdJsonStream(
      Writable.toWeb(process.stdout),
      Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
      { log },
    ),
  );
  // stdin closed: end every session and the processes they started, then exit. Not a top-level
  // await: lazily loaded chunks import this module's chunk, and would wait for it forever. A
  // connection that failed (stdin unreadable) says why and exits with status 1.
  void connection.closed.then(async () => {
    const reason: unknown = connection.signal.reason;
    const failed = reason instanceof Error && reason.message !== 'ACP connection closed';
    if (failed) log(`connection failed: ${reason.message}`);
    await closeAll();
    process.exit(failed ? 1 : 0);
  });
}
