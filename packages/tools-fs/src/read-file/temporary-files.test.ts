import { describe, expect, it } from 'vitest';
import { createFsKit } from '../test-support/fs-kit.js';

/** A name of the shape core's `temporaryName` makes: a write in progress, or a killed one's leftover. */
const IN_FLIGHT = '.notes.txt.0123456789ab.toolgate-tmp';

describe('read_file and the temporary files of atomic writes', () => {
  it('refuses to read one and never suggests one for a missing name', async () => {
    const t = await createFsKit();
    await t.write(IN_FLIGHT, 'half-writ');
    expect(await t.call('read_file', { path: IN_FLIGHT })).toMatchObject({
      status: 'failure',
      error: { code: 'path_protected' },
    });
    const missing = await t.call('read_file', { path: '.notes.txt.0123456789ab.toolgate-tm' });
    expect(missing).toMatchObject({
      status: 'failure',
      error: { code: 'not_found', details: { suggestions: [] } },
    });
    expect(JSON.stringify(missing)).not.toContain(IN_FLIGHT);
  });

  it('refuses one in any case and what is under a directory of that shape, for reading and writing', async () => {
    const t = await createFsKit();
    await t.write(IN_FLIGHT.toUpperCase(), 'half-writ');
    await t.write('.cache.fedcba987654.toolgate-tmp/inside.txt', 'inside\n');
    for (const [tool, args] of [
      ['read_file', { path: IN_FLIGHT.toUpperCase() }],
      ['read_file', { path: '.cache.fedcba987654.toolgate-tmp/inside.txt' }],
      ['write_file', { path: IN_FLIGHT.toUpperCase(), content: 'x' }],
      ['write_file', { path: '.cache.fedcba987654.toolgate-tmp/new.txt', content: 'x' }],
    ] as const) {
      expect(await t.call(tool, args)).toMatchObject({
        status: 'failure',
        error: { code: 'path_protected' },
      });
    }
  });

  it('reads a user’s own file that merely ends like one', async () => {
    const t = await createFsKit();
    await t.write('cache.toolgate-tmp', 'mine\n');
    expect(await t.call('read_file', { path: 'cache.toolgate-tmp' })).toMatchObject({ status: 'success' });
  });
});
