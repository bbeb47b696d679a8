import { readdir } from 'node:fs/promises';
import { settleCommits } from '@toolgate/core';
import { createTempWorkspace, type TempWorkspace } from '@toolgate/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPatch } from './apply-patch.js';

// Stopping commits is for good (the host is exiting), so this test has a file (a process) of its own.

let temp: TempWorkspace;
beforeEach(async () => {
  temp = await createTempWorkspace();
});
afterEach(async () => {
  await temp.cleanup();
});

describe('applyPatch when the host stops commits to exit', () => {
  it('rolls back what it wrote, leaves no temporary file and says it was stopped', async () => {
    const files = Array.from({ length: 40 }, (_, index) => `f${index}.txt`);
    for (const file of files) await temp.write(file, `old\n${'x'.repeat(100_000)}\n`);
    const before = await temp.tree();
    const patch = [
      '*** Begin Patch',
      ...files.flatMap((file) => [`*** Update File: ${file}`, '@@', '-old', '+new']),
      '*** Add File: added/new.txt',
      '+new',
      '*** End Patch',
    ].join('\n');
    let settled = false;
    const applying = applyPatch(temp.workspace, patch).finally(() => {
      settled = true;
    });
    // Once the commit has begun: the first temporary file exists.
    while (!settled && !(await readdir(temp.root)).some((name) => name.endsWith('.toolgate-tmp'))) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(settled).toBe(false);
    await settleCommits({ stop: true });
    expect(await applying).toEqual({
      status: 'failure',
      error: {
        code: 'aborted',
        message:
          'apply_patch was stopped while writing because the process is exiting; every file already written was restored. Nothing was changed.',
      },
    });
    expect(await temp.tree()).toEqual(before);
  });
});
