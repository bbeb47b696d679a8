import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCallArguments } from './read-call-arguments.js';

const stdin =
  (text: string, isTTY = false) =>
  () =>
    Object.assign(Readable.from([Buffer.from(text)]), { isTTY });

describe('readCallArguments', () => {
  it('parses ARGS given on the command line', async () => {
    expect((await readCallArguments('{"path":"a.txt"}', stdin(''))).arguments).toEqual({ path: 'a.txt' });
  });

  it('reads stdin for "-" and for no argument; blank means {}', async () => {
    expect((await readCallArguments('-', stdin('{"command":"ls"}\n'))).arguments).toEqual({ command: 'ls' });
    expect((await readCallArguments(undefined, stdin('{"a":1}'))).arguments).toEqual({ a: 1 });
    expect((await readCallArguments(undefined, stdin(' \n'))).arguments).toEqual({});
    expect((await readCallArguments(undefined, stdin('ignored', true))).arguments).toEqual({});
  });

  it('decodes a large argument read in chunks that split multi-byte characters', async () => {
    const content = 'aé€😀'.repeat(60_000); // 600 KB of UTF-8, characters of 1 to 4 bytes
    const bytes = Buffer.from(JSON.stringify({ content }));
    // 65,536-byte chunks, as a pipe delivers them: most boundaries fall inside a character.
    const chunks: Buffer[] = [];
    for (let start = 0; start < bytes.length; start += 65_536)
      chunks.push(bytes.subarray(start, start + 65_536));
    const input = Object.assign(Readable.from(chunks), { isTTY: false });
    expect((await readCallArguments('-', () => input)).arguments).toEqual({ content });
  });

  it('refuses text that is not one JSON object', async () => {
    await expect(readCallArguments('[1]', stdin(''))).rejects.toThrow(
      'ARGS must be one JSON object; got an array.',
    );
    await expect(readCallArguments('null', stdin(''))).rejects.toThrow(
      'ARGS must be one JSON object; got null.',
    );
    await expect(readCallArguments('"x"', stdin(''))).rejects.toThrow(
      'ARGS must be one JSON object; got string "x".',
    );
    await expect(readCallArguments('-', stdin('{"a":'))).rejects.toThrow(
      /^ARGS from stdin is not valid JSON/,
    );
  });
});
