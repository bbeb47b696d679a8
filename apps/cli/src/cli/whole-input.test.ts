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

/** The child's script: reads its stdin with `wholeInput(…, 0)`, reports, and echoes what it read. */
function readerScript(before: string, maxBytes: number): string {
  return `const { wholeInput } = await import(${JSON.stringify(MODULE)});
${before}
let built = false;
const input = wholeInput(() => { built = true; return process.stdin; }, 0);
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
 * Runs `producer | <the reading child>` in a shell (a real pipe between them), the child after
 * `delay` (shell commands), and reports as {@link readInChild} does.
 */
function readThroughShellPipe(producer: string, delay: string, maxBytes = 1 << 30) {
  const child = spawn(
    '/bin/sh',
    ['-c', `(${producer}) | { ${delay}exec "$READER" --input-type=module -e "$SCRIPT"; }`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, READER: process.execPath, SCRIPT: readerScript('', maxBytes) },
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
    // A shell's `|` is a pipe (Node's own `spawn` gives a socket): `cat` has written it all and
    // closed it before the reader starts; more than a pipe holds at once is read through the stream.
    const small = join(scratch, 'small.txt');
    writeFileSync(small, '{"path":"a.txt"}\n');
    const finished = await readThroughShellPipe(`cat '${small}'`, 'sleep 0.2; ');
    expect(finished.code).toBe(0);
    expect(JSON.parse(finished.report)).toEqual({ isTTY: false, stream: false, length: 17 });
    expect(finished.text).toBe('{"path":"a.txt"}\n');
  });

  it('reads a shell pipe whose producer is still writing whole, the rest through the stream', async () => {
    const large = join(scratch, 'pipe-large.txt');
    writeFileSync(large, TEXT);
    const half = Math.floor(TEXT.length / 2);
    writeFileSync(join(scratch, 'first.txt'), TEXT.slice(0, half));
    writeFileSync(join(scratch, 'second.txt'), TEXT.slice(half));
    for (const producer of [
      // Larger than a pipe holds: the producer waits for the reader.
      `cat '${large}'`,
      // Two writes with a pause between them: the reader finds the first and waits for the second.
      `cat '${join(scratch, 'first.txt')}'; sleep 0.3; cat '${join(scratch, 'second.txt')}'`,
    ]) {
      const outcome = await readThroughShellPipe(producer, 'sleep 0.1; ');
      expectAllOfText(outcome, { stream: true });
    }
  });

  it('stops at its limit on a shell pipe too', async () => {
    const large = join(scratch, 'pipe-limit.txt');
    writeFileSync(large, TEXT);
    const outcome = await readThroughShellPipe(`cat '${large}'`, 'sleep 0.1; ', 100_000);
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
try {
  const bytes = await wholeInput(() => process.stdin, 0).read(1 << 20, controller.signal);
  process.stdout.write('read ' + String(bytes));
} catch (error) {
  process.stdout.write(error.name + ': ' + error.message);
}
process.exit(0);`;
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
          stdio: [stdin, 'pipe', 'inherit'],
        });
        child.stdin?.write('{"partial":');
        let out = '';
        child.stdout?.setEncoding('utf8').on('data', (text: string) => {
          out += text;
        });
        const closed = new Promise((resolve) => child.on('close', resolve));
        await new Promise((resolve) => setTimeout(resolve, 300));
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
