import { describe, expect, it } from 'vitest';
import { ioFailure } from './io-failure.js';

const systemError = (code: string) => Object.assign(new Error(`${code}: something`), { code });

describe('ioFailure', () => {
  it('maps missing files, directories and file parents to their codes and keeps other system codes', () => {
    expect(
      ['ENOENT', 'EISDIR', 'ENOTDIR', 'EACCES'].map((code) =>
        ioFailure(systemError(code), 'a/b.txt', 'reading'),
      ),
    ).toEqual([
      {
        status: 'failure',
        error: {
          code: 'not_found',
          message: '"a/b.txt" disappeared while reading; check the path and retry.',
          details: { path: 'a/b.txt' },
        },
      },
      {
        status: 'failure',
        error: {
          code: 'is_directory',
          message: '"a/b.txt" is a directory, not a file; remove or rename it.',
          details: { path: 'a/b.txt' },
        },
      },
      {
        status: 'failure',
        error: {
          code: 'not_a_directory',
          message: 'A parent of "a/b.txt" is a file, not a directory; choose another path.',
          details: { path: 'a/b.txt' },
        },
      },
      {
        status: 'failure',
        error: {
          code: 'io_error',
          message: 'I/O error while reading "a/b.txt": EACCES: something',
          details: { path: 'a/b.txt', systemCode: 'EACCES' },
        },
      },
    ]);
  });
});
