import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempWorkspace } from '../testing/create-temp-workspace.js';
import { ioFailure } from './io-failure.js';
import { pathChangedError } from './pin-directory.js';
import { writeFailure } from './write-failure.js';

describe('writeFailure', () => {
  it('reports a directory swapped after its check as precondition_changed, saying nothing was written', () => {
    const failure = writeFailure(pathChangedError('/w/notes'), 'notes/a.txt', 'writing');
    expect(failure.error.code).toBe('precondition_changed');
    expect(failure.error.message).toContain('"notes/a.txt"');
    expect(failure.error.message).toContain('nothing was written');
    expect(failure.error.details).toEqual({ path: 'notes/a.txt' });
  });

  it('maps any other system error as ioFailure does', async () => {
    const temp = await createTempWorkspace();
    try {
      const error = await readFile(join(temp.root, 'missing.txt')).catch((caught: unknown) => caught);
      const failure = writeFailure(error, 'missing.txt', 'writing');
      expect(failure.error.code).toBe('not_found');
      expect(failure).toEqual(ioFailure(error, 'missing.txt', 'writing'));
    } finally {
      await temp.cleanup();
    }
  });
});
