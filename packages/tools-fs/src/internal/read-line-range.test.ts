import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LineRange, readLineRange } from './read-line-range.js';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolgate-range-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

let counter = 0;
async function readRange(
  bytes: Uint8Array,
  request: {
    startLine: number;
    endLine?: number | undefined;
    maxChars: number;
    chunkBytes?: number | undefined;
    useSimd?: boolean;
    sizeBytes?: number | undefined;
  },
): Promise<LineRange | 'aborted'> {
  const path = join(directory, `f${counter++}`);
  await writeFile(path, bytes);
  const handle = await open(path, 'r');
  try {
    const { chunkBytes, sizeBytes, ...rest } = request;
    return await readLineRange(handle, 0, {
      ...rest,
      endLine: request.endLine,
      ...(chunkBytes === undefined ? {} : { chunkBytes }),
      ...(sizeBytes === undefined ? {} : { sizeBytes }),
    });
  } finally {
    await handle.close();
  }
}

/** What Java's `readAllLines` + AI4J's range rules + a `maxChars` cut give, on the whole text. */
function reference(
  bytes: Uint8Array,
  startLine: number,
  endLine: number | undefined,
  maxChars: number,
): LineRange {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const lines = text === '' ? [] : text.split(/\r\n|\r|\n/);
  if (/[\r\n]$/.test(text)) lines.pop();
  let last = Math.min(endLine ?? lines.length, lines.length);
  if (last < startLine) last = startLine - 1;
  let content = lines.slice(startLine - 1, last).join('\n');
  let truncated = false;
  if (content.length > maxChars) {
    truncated = true;
    content = content.slice(0, maxChars);
    const code = content.charCodeAt(content.length - 1);
    if (code >= 0xd800 && code <= 0xdbff) content = content.slice(0, -1);
    last = startLine + (content.match(/\n/g)?.length ?? 0);
  }
  return { content, startLine, endLine: last, truncated, hasMore: last < lines.length };
}

const TOKENS: readonly number[][] = [
  [0x61],
  [0x62, 0x63],
  [0x0a],
  [0x0d],
  [0x0d, 0x0a],
  [0xc3, 0xa9],
  [0xe2, 0x82, 0xac],
  [0xf0, 0x9f, 0x98, 0x80],
  [0xff],
  [0xe2, 0x82],
];

describe('readLineRange', () => {
  it('agrees with reading the whole file and splitting it, for any chunk size and size hint (right or stale), with or without SIMD', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
        fc.integer({ min: 1, max: 40 }),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
        async (tokens, startLine, extra, maxChars, chunkBytes, useSimd, sizeBytes) => {
          const bytes = Uint8Array.from(tokens.flat());
          const endLine = extra === undefined ? undefined : startLine + extra;
          const actual = await readRange(bytes, {
            startLine,
            endLine,
            maxChars,
            chunkBytes,
            useSimd,
            sizeBytes,
          });
          expect(actual).toEqual(reference(bytes, startLine, endLine, maxChars));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('skips many lines a whole chunk at a time and still lands on the right line', async () => {
    const lines = Array.from({ length: 5000 }, (_, index) => `line ${index + 1}`);
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    for (const useSimd of [true, false]) {
      expect(
        await readRange(bytes, { startLine: 4321, endLine: 4322, maxChars: 100, chunkBytes: 4096, useSimd }),
      ).toEqual({
        content: 'line 4321\nline 4322',
        startLine: 4321,
        endLine: 4322,
        truncated: false,
        hasMore: true,
      });
    }
  });

  it('treats \\r\\n split across two chunks as one line end', async () => {
    const bytes = Buffer.from('ab\r\ncd\r\nef');
    expect(await readRange(bytes, { startLine: 2, maxChars: 100, chunkBytes: 3 })).toEqual({
      content: 'cd\nef',
      startLine: 2,
      endLine: 3,
      truncated: false,
      hasMore: false,
    });
  });

  it('reports more lines after a cut inside a line longer than the look-ahead', async () => {
    const bytes = Buffer.from(`${'x'.repeat(1_200_000)}\nlast`);
    const range = await readRange(bytes, { startLine: 1, maxChars: 10 });
    expect(range).toEqual({
      content: 'x'.repeat(10),
      startLine: 1,
      endLine: 1,
      truncated: true,
      hasMore: true,
    });
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const path = join(directory, 'aborted');
    await writeFile(path, 'a\nb\nc\n');
    const handle = await open(path, 'r');
    try {
      expect(
        await readLineRange(handle, 0, {
          startLine: 2,
          endLine: undefined,
          maxChars: 10,
          signal: controller.signal,
        }),
      ).toBe('aborted');
    } finally {
      await handle.close();
    }
  });
});
