import { checkWriteBoundary } from '@toolgate/core/testing';
import { describe, expect, it } from 'vitest';
import { createFsTools } from '../create-fs-tools.js';

describe('write_file boundary (core conformance kit)', () => {
  it('writes nothing outside the workspace or into .git under symlinks, hard links, protected names and a racing process', async () => {
    const report = await checkWriteBoundary({
      createTool: (workspace) => createFsTools({ workspace }).write_file,
      modify: (path, _current, content) => ({ path, content }),
      create: (path, content) => ({ path, content, mode: 'create' }),
      append: (path, content) => ({ path, content, mode: 'append' }),
    });
    if (process.env.TOOLGATE_BOUNDARY_REPORT) console.log(JSON.stringify(report.race));
    expect(report.problems).toEqual([]);
    expect(report.race.swaps).toBeGreaterThan(0);
  }, 60_000);
});
