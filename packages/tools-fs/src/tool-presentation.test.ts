import { presentToolCall } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { READ_FILE_SPEC } from './read-file/read-file-spec.js';
import { WRITE_FILE_SPEC } from './write-file/write-file-spec.js';

const call = (name: string, args: Record<string, unknown>) => ({ id: 'c', name, arguments: args });

describe('how the fs tools present themselves to people', () => {
  it('titles and locates their calls', () => {
    expect([
      presentToolCall(READ_FILE_SPEC, call('read_file', { path: 'src/a.ts' })),
      presentToolCall(READ_FILE_SPEC, call('read_file', { path: 'src/a.ts', startLine: 10, endLine: 20 })),
      presentToolCall(WRITE_FILE_SPEC, call('write_file', { path: 'b.txt', content: 'x' })),
      presentToolCall(WRITE_FILE_SPEC, call('write_file', { path: 'log', content: 'x', mode: 'append' })),
    ]).toMatchInlineSnapshot(`
      [
        {
          "kind": "read",
          "locations": [
            "src/a.ts",
          ],
          "title": "Read src/a.ts",
        },
        {
          "kind": "read",
          "locations": [
            "src/a.ts",
          ],
          "title": "Read src/a.ts (lines 10–20)",
        },
        {
          "kind": "edit",
          "locations": [
            "b.txt",
          ],
          "title": "Write b.txt",
        },
        {
          "kind": "edit",
          "locations": [
            "log",
          ],
          "title": "Append to log",
        },
      ]
    `);
  });

  it('summarise their results', () => {
    const read = {
      path: 'a.ts',
      content: 'one\ntwo',
      startLine: 1,
      endLine: 2,
      truncated: false,
      hasMore: true,
    };
    const written = {
      path: 'b.txt',
      resolvedPath: '/w/b.txt',
      mode: 'create',
      created: true,
      appended: false,
      bytesWritten: 3,
    } as const;
    expect([
      READ_FILE_SPEC.presentation?.result?.(read as never, { path: 'a.ts' } as never),
      WRITE_FILE_SPEC.presentation?.result?.(written as never, {} as never),
    ]).toMatchInlineSnapshot(`
      [
        {
          "summary": "Read a.ts (lines 1–2); more lines after line 2 (use startLine)",
          "text": "one
      two",
        },
        {
          "summary": "Created b.txt (3 bytes)",
        },
      ]
    `);
  });
});
