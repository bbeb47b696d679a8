import { Readable, Writable } from 'node:stream';
import { ndJsonStream } from '@agentclientprotocol/sdk';
import { createAcpApp } from './create-acp-app.js';

// stdout carries ACP messages only; everything else goes to stderr.
const log = (line: string): void => {
  process.stderr.write(`toolgate-acp: ${line}\n`);
};
const { app, closeAll } = createAcpApp({ env: process.env, version: '0.0.0', log });
const connection = app.connect(
  ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>),
);
// stdin closed: end every session and the processes they started, then exit. Not a top-level
// await: lazily loaded chunks import this module's chunk, and would wait for it forever.
void connection.closed.then(async () => {
  await closeAll();
  process.exit(0);
});
