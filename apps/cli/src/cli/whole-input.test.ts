import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliInput } from './cli-io.js';
import { wholeInput } from './whole-input.js';

const MODULE = new URL('./whole-input.ts', import.meta.url).href;
// Multi-byte characters across every read boundary, over several buffer doublings.
const TEXT = `${'añ€😀'.repeat(40_000)}\nend\n`;
const scratch = mkdtempSync(join(tmpdir(), 'toolgate-whole-input-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Runs a child that reads its stdin with `wholeInput(…, 0)` and reports what it read, whether it
 * was a terminal and whether it asked for Node's stdin stream.
 * `before` runs first in the child.
 */
function readInChild(stdin: 'pipe' | number, before = '', maxBytes = 1 << 30) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', readerScript(before, maxBytes)], {
    stdio: [stdin, 'pipe', 'pipe'],
  });
  return { child, done: outcomeOf(child) };
}

/**
 * The child's script: reads its stdin with `wholeInput(…, 0)`, reports, and echoes what it read.
 * `onStream` runs when it asks for Node's stdin stream.
 */
function readerScript(before: string, maxBytes: number, onStream = ''): string {
  return `const { wholeInput } = await import(${JSON.stringify(MODULE)});
${before}
let built = false;
const input = wholeInput(() => { built = true; ${onStream} return process.stdin; }, 0);
const isTTY = input.isTTY;
const bytes = (await input.read(${maxBytes})) ?? Buffer.from('over the limit');
process.stderr.write(JSON.stringify({ isTTY, stream: built, length: bytes.length }));
process.stdout.write(bytes);`;
}

/** What the reading child echoed, its report and its exit status, once it has closed. */
function outcomeOf(child: ChildProcess): Promise<{ code: number | null; text: string; report: string }> {
  const chunks: Buffer[] = [];
  let report = '';
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    report += text;
  });
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, text: Buffer.concat(chunks).toString('utf8'), report })),
  );
}

/**
 * Runs `producer | <the reading child>` in a shell (a real pipe between them) and reports as
 * {@link readInChild} does. The child starts once the file `startAfter` exists, when given; it
 * creates the file `streamMarker`, when given, as it asks for Node's stream. The producer can wait
 * for either, so what the child finds in the pipe does not depend on how fast either one runs.
 */
function readThroughShellPipe(
  producer: string,
  options: { readonly startAfter?: string; readonly streamMarker?: string; readonly maxBytes?: number } = {},
) {
  const wait = options.startAfter ? `until [ -e '${options.startAfter}' ]; do sleep 0.01; done; ` : '';
  const before = "const { writeFileSync } = await import('node:fs');";
  const onStream = options.streamMarker ? `writeFileSync(${JSON.stringify(options.streamMarker)}, '');` : '';
  const child = spawn(
    '/bin/sh',
    ['-c', `(${producer}) | { ${wait}exec "$READER" --input-type=module -e "$SCRIPT"; }`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        READER: process.execPath,
        SCRIPT: readerScript(before, options.maxBytes ?? 1 << 30, onStream),
      },
    },
  );
  return outcomeOf(child);
}

/** The child read all of `TEXT`, not from a terminal, through Node's stream or not. */
function expectAllOfText(
  outcome: { code: number | null; text: string; report: string },
  expected: { stream: boolean },
): void {
  expect(outcome.code).toBe(0);
  expect(JSON.parse(outcome.report)).toEqual({
    isTTY: false,
    stream: expected.stream,
    length: Buffer.byteLength(TEXT),
  });
  expect(outcome.text).toBe(TEXT);
}

/** Writes `TEXT` to the child's stdin in pieces, with pauses, then closes it. */
async function writeSlowly(stdin: NodeJS.WritableStream): Promise<void> {
  const bytes = Buffer.from(TEXT);
  const piece = Math.ceil(bytes.length / 7);
  for (let offset = 0; offset < bytes.length; offset += piece) {
    stdin.write(bytes.subarray(offset, offset + piece));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  stdin.end();
}

describe('wholeInput', () => {
  it('reads a file on stdin whole, without Node’s stdin stream', async () => {
    const path = join(scratch, 'input.txt');
    writeFileSync(path, TEXT);
    const fd = openSync(path, 'r');
    const { done } = readInChild(fd);
    closeSync(fd);
    const outcome = await done;
    expectAllOfText(outcome, { stream: false });
  });

  it('reads a pipe written in pieces whole, through Node’s stream', async () => {
    const { child, done } = readInChild('pipe');
    await writeSlowly(child.stdin!);
    const outcome = await done;
    expectAllOfText(outcome, { stream: true });
  });

  it('reads a shell pipe whose producer has finished whole, without Node’s stream', async () => {
    // A shell's `|` is a pipe (Node's own `spawn` gives a socket). `cat` has written it all and the
    // producer has closed its end (`exec >&-`) before the reader starts.
    const small = join(scratch, 'small.txt');
    writeFileSync(small, '{"path":"a.txt"}\n');
    const closed = join(scratch, 'closed');
    const finished = await readThroughShellPipe(`cat '${small}'; exec >&-; touch '${closed}'`, {
      startAfter: closed,
    });
    expect(finished.code).toBe(0);
    expect(JSON.parse(finished.report)).toEqual({ isTTY: false, stream: false, length: 17 });
    expect(finished.text).toBe('{"path":"a.txt"}\n');
  });

  it('reads a shell pipe whose producer is still writing whole, the rest through the stream', async () => {
    // The reader finds the first part and the producer still there; the producer writes the rest
    // once the reader has gone over to the stream (or after 10 s, and the test then fails).
    const first = TEXT.slice(0, 1000);
    writeFileSync(join(scratch, 'first.txt'), first);
    writeFileSync(join(scratch, 'second.txt'), TEXT.slice(first.length));
    const written = join(scratch, 'first-written');
    const streaming = join(scratch, 'streaming');
    const producer = [
      `cat '${join(scratch, 'first.txt')}'`,
      `touch '${written}'`,
      `n=0; until [ -e '${streaming}' ] || [ $n -ge 1000 ]; do sleep 0.01; n=$((n+1)); done`,
      `cat '${join(scratch, 'second.txt')}'`,
    ].join('; ');
    const outcome = await readThroughShellPipe(producer, { startAfter: written, streamMarker: streaming });
    expectAllOfText(outcome, { stream: true });
  });

  it('reads a shell pipe larger than a pipe holds whole and in order', async () => {
    // Whether the reader ever finds the pipe empty depends on the two processes' speeds: the
    // bytes must not.
    const large = join(scratch, 'pipe-large.txt');
    writeFileSync(large, TEXT);
    const outcome = await readThroughShellPipe(`cat '${large}'`);
    expect(outcome.code).toBe(0);
    expect(outcome.text).toBe(TEXT);
  });

  it('stops at its limit on a shell pipe too', async () => {
    const large = join(scratch, 'pipe-limit.txt');
    writeFileSync(large, TEXT);
    const outcome = await readThroughShellPipe(`cat '${large}'`, { maxBytes: 100_000 });
    expect(outcome.code).toBe(0);
    expect(outcome.text).toBe('over the limit');
  });

  it('stops at its limit, whether it reads the file or the stream', async () => {
    const path = join(scratch, 'large.txt');
    writeFileSync(path, TEXT);
    const fd = openSync(path, 'r');
    const { done } = readInChild(fd, '', 100_000);
    closeSync(fd);
    const outcome = await done;
    expect(outcome.code).toBe(0);
    expect(outcome.text).toBe('over the limit');
    const stream = () => Readable.from([Buffer.from('abc'), Buffer.from('def')]) as CliInput;
    expect(await wholeInput(stream, undefined).read(5)).toBeUndefined();
    expect((await wholeInput(stream, undefined).read(6))?.toString()).toBe('abcdef');
  });

  it('stops reading when its signal aborts while the producer holds stdin open, so part of it is never taken for all', async () => {
    const fifo = join(scratch, 'fifo-abort');
    execFileSync('mkfifo', [fifo]);
    const held = openSync(fifo, constants.O_RDWR);
    try {
      for (const stdin of ['pipe', held] as const) {
        const script = `const { wholeInput } = await import(${JSON.stringify(MODULE)});
const controller = new AbortController();
process.on('SIGTERM', () => controller.abort('SIGTERM'));
process.stderr.write('ready');
try {
  const bytes = await wholeInput(() => process.stdin, 0).read(1 << 20, controller.signal);
  process.stdout.write('read ' + String(bytes));
} catch (error) {
  process.stdout.write(error.name + ': ' + error.message);
}
process.exit(0);`;
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
          stdio: [stdin, 'pipe', 'pipe'],
        });
        const ready = new Promise((resolve) => child.stderr?.once('data', resolve));
        child.stdin?.write('{"partial":');
        let out = '';
        child.stdout?.setEncoding('utf8').on('data', (text: string) => {
          out += text;
        });
        const closed = new Promise((resolve) => child.on('close', resolve));
        // Sent once the child handles it (it says so): the read must stop.
        await ready;
        child.kill('SIGTERM');
        expect(await closed).toBe(0);
        expect(out).toBe('InterruptedRead: Interrupted by SIGTERM while reading stdin.');
        child.stdin?.destroy();
      }
    } finally {
      closeSync(held);
    }
  });

  it('keeps the event loop running while a pipe stays open with nothing to read, so a signal stops it', async () => {
    // A producer that neither writes nor closes, through Node's socketpair and through a FIFO (a
    // shell's `|`): the process must still hear SIGTERM. A read that waits in the kernel, blocking
    // or on libuv's thread pool, would never let the handler run, or the process end.
    const fifo = join(scratch, 'fifo');
    execFileSync('mkfifo', [fifo]);
    // Opened for reading and writing, a FIFO opens at once and keeps a writer that never writes.
    const held = openSync(fifo, constants.O_RDWR);
    try {
      for (const stdin of ['pipe', held] as const) {
        const { child, done } = readInChild(stdin, "process.on('SIGTERM', () => process.exit(7));");
        child.stdin?.write('{"partial":');
        await new Promise((resolve) => setTimeout(resolve, 300));
        child.kill('SIGTERM');
        const outcome = await done;
        expect(outcome.code).toBe(7);
        child.stdin?.destroy();
      }
    } finally {
      closeSync(held);
    }
  });
});
