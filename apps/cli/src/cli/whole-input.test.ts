import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
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
 * was a terminal and whether Node's networking modules (a stdin stream over a pipe) were loaded.
 * `before` runs first in the child.
 */
function readInChild(stdin: 'pipe' | number, before = '', maxBytes = 1 << 30) {
  const script = `const { wholeInput } = await import(${JSON.stringify(MODULE)});
${before}
const input = wholeInput(() => process.stdin, 0);
const isTTY = input.isTTY;
const bytes = (await input.read(${maxBytes})) ?? Buffer.from('over the limit');
const net = process.moduleLoadList.includes('NativeModule net');
process.stderr.write(JSON.stringify({ isTTY, net, length: bytes.length }));
process.stdout.write(bytes);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: [stdin, 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  let report = '';
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    report += text;
  });
  const done = new Promise<{ code: number | null; text: string; report: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, text: Buffer.concat(chunks).toString('utf8'), report })),
  );
  return { child, done };
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
    expect(outcome.code).toBe(0);
    expect(JSON.parse(outcome.report)).toEqual({ isTTY: false, net: false, length: Buffer.byteLength(TEXT) });
    expect(outcome.text).toBe(TEXT);
  });

  it('reads a pipe written in pieces whole, without Node’s stdin stream', async () => {
    const { child, done } = readInChild('pipe');
    await writeSlowly(child.stdin!);
    const outcome = await done;
    expect(outcome.code).toBe(0);
    expect(JSON.parse(outcome.report)).toEqual({ isTTY: false, net: false, length: Buffer.byteLength(TEXT) });
    expect(outcome.text).toBe(TEXT);
  });

  it('reads the rest through Node’s stream once a read would block, losing nothing', async () => {
    // Node opens a pipe non-blocking when it builds process.stdin: a read of an empty pipe then
    // answers EAGAIN instead of waiting.
    const { child, done } = readInChild('pipe', 'process.stdin.pause();');
    await writeSlowly(child.stdin!);
    const outcome = await done;
    expect(outcome.code).toBe(0);
    expect(JSON.parse(outcome.report)).toMatchObject({ isTTY: false, length: Buffer.byteLength(TEXT) });
    expect(outcome.text).toBe(TEXT);
  });

  it('stops at its limit, whether it reads the descriptor or the stream', async () => {
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
});
