import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const MODULE = new URL('./process-output.ts', import.meta.url).href;
const LINE = `${'x'.repeat(1023)}\n`;

interface Outcome {
  readonly code: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/**
 * Runs `body` in a child Node whose stdout is a pipe to this process: `out` is `processOutput(1, …)`.
 * The parent starts reading after `readAfterMs` (so the pipe fills and writes block or fail with
 * EAGAIN) and, with `closeAfterBytes`, closes its end once that much arrived.
 */
function runChild(body: string, options: { readAfterMs?: number; closeAfterBytes?: number } = {}) {
  const script = `const { processOutput } = await import(${JSON.stringify(MODULE)});
const out = processOutput(1, () => process.stdout);
${body}`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  let received = 0;
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  child.stdout.pause();
  child.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    received += chunk.length;
    if (options.closeAfterBytes !== undefined && received >= options.closeAfterBytes) child.stdout.destroy();
  });
  setTimeout(() => child.stdout.resume(), options.readAfterMs ?? 0);
  return new Promise<Outcome>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(chunks), stderr }));
  });
}

describe('processOutput over a pipe', () => {
  it('delivers every byte in order through a full pipe and settles after the last write', async () => {
    const outcome = await runChild(
      `for (let i = 0; i < 3072; i++) out.write(String(i).padStart(6, '0') + ${JSON.stringify(LINE.slice(6))});
out.settle(() => { process.stderr.write('settled'); process.exit(0); });`,
      { readAfterMs: 300 },
    );
    expect(outcome.stderr).toBe('settled');
    expect(outcome.code).toBe(0);
    const lines = outcome.stdout.toString('utf8').split('\n');
    expect(lines).toHaveLength(3073);
    expect(lines.slice(0, -1).every((line, index) => line.startsWith(String(index).padStart(6, '0')))).toBe(
      true,
    );
  });

  it('hands the rest over to Node’s stream when the pipe is non-blocking, keeping the order', async () => {
    // Touching process.stdout makes Node open the pipe non-blocking: a full pipe then answers EAGAIN.
    const outcome = await runChild(
      `process.stdout;
for (let i = 0; i < 3072; i++) out.write(String(i).padStart(6, '0') + ${JSON.stringify(LINE.slice(6))});
let drained = false;
if (!out.write('last\\n')) out.once('drain', () => { drained = true; });
out.settle(() => process.exit(0));`,
      { readAfterMs: 300 },
    );
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toBe('');
    const text = outcome.stdout.toString('utf8');
    expect(text.endsWith('\nlast\n')).toBe(true);
    const lines = text.split('\n').slice(0, 3072);
    expect(lines.every((line, index) => line.startsWith(String(index).padStart(6, '0')))).toBe(true);
  });

  it('ends quietly when the reader goes away, as `| head` does', async () => {
    const outcome = await runChild(
      `for (let i = 0; i < 4096; i++) out.write(${JSON.stringify(LINE)});
out.settle(() => { process.stderr.write('done'); process.exit(0); });`,
      { closeAfterBytes: 1 },
    );
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toBe('done');
    expect(outcome.stdout.length).toBeLessThan(4096 * 1024);
  });

  it('ends quietly when the reader goes away after the output was handed over to Node’s stream', async () => {
    const outcome = await runChild(
      `process.stdout;
for (let i = 0; i < 4096; i++) out.write(${JSON.stringify(LINE)});
// Stays a while after settling, so the stream's EPIPE surfaces before the exit.
out.settle(() => setTimeout(() => { out.write('more\\n'); process.stderr.write('done'); process.exit(0); }, 300));`,
      { readAfterMs: 300, closeAfterBytes: 1 },
    );
    expect(outcome.stderr).toBe('done');
    expect(outcome.code).toBe(0);
    expect(outcome.stdout.length).toBeLessThan(4096 * 1024);
  });

  it('ends quietly in 30 runs of a reader that goes away, whether the socket says EPIPE or ECONNRESET', async () => {
    // Node's child-process stdio is a socket: closed with data still unread, the writer's next
    // write fails with ECONNRESET instead of EPIPE, in a few runs out of a hundred.
    for (let run = 0; run < 30; run++) {
      const outcome = await runChild(
        `for (let i = 0; i < 1024; i++) out.write(${JSON.stringify(LINE)});
out.settle(() => { process.stderr.write('done'); process.exit(0); });`,
        { closeAfterBytes: 1 },
      );
      expect(outcome).toMatchObject({ code: 0, stderr: 'done' });
    }
  }, 180_000);

  it('calls a write’s callback after the write, not before it returns', async () => {
    const outcome = await runChild(
      `let returned = false;
out.write('one\\n', () => { process.stderr.write(returned ? 'after' : 'during'); process.exit(0); });
returned = true;`,
    );
    expect(outcome.stdout.toString('utf8')).toBe('one\n');
    expect(outcome.stderr).toBe('after');
  });
});

describe('processOutput over a shell pipe (a blocking descriptor)', () => {
  const LINES = 4096;

  /**
   * Writes 4 MiB through a shell pipe (`node … | cat`) to this process, after setting a timer that
   * says `timer` on stderr and then settles and exits. With `readFirst`, this process reads from
   * the start; without it, it reads nothing until the timer has fired. Returns how many bytes had
   * arrived when the timer's word did: whether the event loop ran while the writes waited for the
   * reader, without measuring any time.
   */
  function writeThroughShellPipe(handOver: boolean, readFirst: boolean) {
    const script = `const { processOutput } = await import(${JSON.stringify(MODULE)});
const out = processOutput(1, () => process.stdout);
${handOver ? 'out.handOver();' : ''}
setTimeout(() => { process.stderr.write('timer'); out.settle(() => process.exit(0)); }, 0);
for (let i = 0; i < ${LINES}; i++) out.write(${JSON.stringify(LINE)});`;
    const child = spawn('/bin/sh', ['-c', '"$NODE" --input-type=module -e "$SCRIPT" | cat'], {
      env: { ...process.env, NODE: process.execPath, SCRIPT: script },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let received = 0;
    let atTimer: number | undefined;
    let stderr = '';
    if (!readFirst) child.stdout.pause();
    child.stdout.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (atTimer === undefined && stderr.includes('timer')) {
        atTimer = received;
        child.stdout.resume();
      }
    });
    return new Promise<{
      code: number | null;
      stderr: string;
      atTimer: number | undefined;
      received: number;
    }>((resolve) => child.on('close', (code) => resolve({ code, stderr, atTimer, received })));
  }

  it('blocks the event loop with direct writes, which suits a command that writes its result and ends', async () => {
    // The timer runs only once the writes are done: by then the reader has taken all but what the
    // pipes and `cat` hold (well under half).
    const outcome = await writeThroughShellPipe(false, true);
    expect(outcome).toMatchObject({ code: 0, stderr: 'timer', received: LINES * LINE.length });
    expect(outcome.atTimer).toBeGreaterThan((LINES * LINE.length) / 2);
  });

  it('does not block it once handed over, as `run`, `mcp` and the interactive agent need', async () => {
    // Nothing is read until the timer has run: a blocked event loop would never get there.
    const outcome = await writeThroughShellPipe(true, false);
    expect(outcome).toEqual({ code: 0, stderr: 'timer', atTimer: 0, received: LINES * LINE.length });
  });
});

describe('processOutput to the null device', () => {
  it('writes to /dev/null directly, without building Node’s stream over it', async () => {
    const script = `const { processOutput } = await import(${JSON.stringify(MODULE)});
const out = processOutput(1, () => process.stdout);
for (let i = 0; i < 100; i++) out.write(${JSON.stringify(LINE)});
const streams = process.moduleLoadList.filter((name) => name.includes('sync_write_stream'));
out.settle(() => { process.stderr.write(JSON.stringify({ isTTY: out.isTTY, streams })); process.exit(0); });`;
    const nullDevice = openSync('/dev/null', 'w');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', nullDevice, 'pipe'],
    });
    closeSync(nullDevice);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(stderr)).toEqual({ isTTY: false, streams: [] });
  });
});
