import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTempWorkspace } from '@toolgate/core/testing';
import { describe, expect, it } from 'vitest';
import { applyPatch as applyPatchNow } from './apply-patch.js';
import { applyPatch } from './apply-patch-on-first-call.js';

describe("the package's applyPatch", () => {
  it('loads the engine on its call and gives the same results', async () => {
    const temp = await createTempWorkspace();
    try {
      await temp.write('a.txt', 'one\ntwo\n');
      const update = '*** Begin Patch\n*** Update File: a.txt\n@@\n one\n-two\n+three\n*** End Patch\n';
      const result = await applyPatch(temp.workspace, update, { sync: false });
      expect(result.status).toBe('success');
      expect(await readFile(join(temp.root, 'a.txt'), 'utf8')).toBe('one\nthree\n');
      // The same patch again no longer matches: the same failure as the engine's own call.
      expect(await applyPatch(temp.workspace, update)).toEqual(await applyPatchNow(temp.workspace, update));
      expect((await applyPatch(temp.workspace, update)).status).toBe('failure');
    } finally {
      await temp.cleanup();
    }
  });
});
