import { checkWriteBoundary } from '@toolgate/core/testing';
import { describe, expect, it } from 'vitest';
import { createPatchTools } from './create-patch-tools.js';

const patch = (...lines: string[]): string => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');
const lines = (text: string): string[] => text.replace(/\n$/, '').split('\n');

describe('boundary (core conformance kit)', () => {
  it('edit writes nothing outside the workspace or into .git under symlinks, hard links, protected names and a racing process', async () => {
    const report = await checkWriteBoundary({
      createTool: (workspace) => createPatchTools({ workspace }).edit,
      modify: (path, current, content) => ({ path, old_string: current, new_string: content }),
    });
    if (process.env.TOOLGATE_BOUNDARY_REPORT) console.log(JSON.stringify(report.race));
    expect(report.problems).toEqual([]);
    expect(report.race.swaps).toBeGreaterThan(0);
  }, 60_000);

  it('apply_patch (Add, Update, Delete) writes nothing outside the workspace or into .git under the same attacks', async () => {
    const report = await checkWriteBoundary({
      createTool: (workspace) => createPatchTools({ workspace }).apply_patch,
      modify: (path, current, content) => ({
        patch: patch(
          `*** Update File: ${path}`,
          '@@',
          ...lines(current).map((line) => `-${line}`),
          ...lines(content).map((line) => `+${line}`),
        ),
      }),
      create: (path, content) => ({
        patch: patch(`*** Add File: ${path}`, ...lines(content).map((line) => `+${line}`)),
      }),
      delete: (path) => ({ patch: patch(`*** Delete File: ${path}`) }),
    });
    if (process.env.TOOLGATE_BOUNDARY_REPORT) console.log(JSON.stringify(report.race));
    expect(report.problems).toEqual([]);
    expect(report.race.swaps).toBeGreaterThan(0);
  }, 60_000);
});
