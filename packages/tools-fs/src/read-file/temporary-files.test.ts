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

  it('reads a user’s own file that merely ends like one', async () => {
    const t = await createFsKit();
    await t.write('cache.toolgate-tmp', 'mine\n');
    expect(await t.call('read_file', { path: 'cache.toolgate-tmp' })).toMatchObject({ status: 'success' });
  });
});
