import { PassThrough, type Readable } from 'node:stream';

const HEADER_BYTES = 8;

/** The two output streams of an exec without a terminal, taken apart. */
export interface ExecOutput {
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Resolves when the engine has ended the stream (or it broke); both outputs are ended then. */
  readonly ended: Promise<void>;
}

/**
 * Demultiplexes the engine's attach stream: frames of an 8-byte header (stream 1 = stdout,
 * 2 = stderr; the payload length big-endian in bytes 4..7) and the payload.
 */
export function demultiplexExec(stream: Readable): ExecOutput {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let pending: Buffer = Buffer.alloc(0);
  stream.on('data', (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= HEADER_BYTES) {
      const size = pending.readUInt32BE(4);
      if (pending.length < HEADER_BYTES + size) break;
      const payload = pending.subarray(HEADER_BYTES, HEADER_BYTES + size);
      (pending[0] === 2 ? stderr : stdout).write(payload);
      pending = pending.subarray(HEADER_BYTES + size);
    }
  });
  const ended = new Promise<void>((resolve) => {
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      stdout.end();
      stderr.end();
      resolve();
    };
    stream.on('end', finish);
    stream.on('close', finish);
    stream.on('error', finish);
  });
  return { stdout, stderr, ended };
}
