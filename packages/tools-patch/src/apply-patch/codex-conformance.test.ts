import { existsSync } from 'node:fs';
import { cp, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setFileCallDriver } from '@toolgate/core';
import { createTempWorkspace, snapshotTree } from '@toolgate/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPatch } from './apply-patch.js';

// Vendored into the package (Apache-2.0, see its NOTICE), so the test runs in every clone.
const scenariosRoot = resolve(import.meta.dirname, '../../conformance/codex-apply-patch/scenarios');
const scenarios = (await readdir(scenariosRoot, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** 015 expects the Codex CLI's partial write; toolgate is atomic on purpose, so the tree stays as input/. */
const ATOMIC_ON_PURPOSE = '015_failure_after_partial_success_leaves_changes';

// Under each file-call driver: on the thread pool, and made at once as `toolgate call` makes them.
describe.each(['thread-pool', 'synchronous'] as const)(
  'Codex apply_patch conformance scenarios, %s file calls',
  (driver) => {
    beforeAll(() => setFileCallDriver(driver));
    afterAll(() => setFileCallDriver('thread-pool'));

    it('finds all 23 scenarios', () => {
      expect(scenarios).toHaveLength(23);
    });

    it.each(scenarios)('%s', async (name) => {
      const directory = join(scenariosRoot, name);
      const temp = await createTempWorkspace();
      try {
        if (existsSync(join(directory, 'input')))
          await cp(join(directory, 'input'), temp.root, { recursive: true });
        const before = await temp.tree();
        const patch = await readFile(join(directory, 'patch.txt'), 'utf8');
        const result = await applyPatch(temp.workspace, patch);
        const expected =
          name === ATOMIC_ON_PURPOSE ? before : await snapshotTree(join(directory, 'expected'));
        expect(await temp.tree()).toEqual(expected);
        const expectedOk = JSON.parse(
          await readFile(join(scenariosRoot, '..', 'expectations.json'), 'utf8'),
        ) as Record<string, { ok: boolean }>;
        expect(result.status).toBe(expectedOk[name]!.ok ? 'success' : 'failure');
      } finally {
        await temp.cleanup();
      }
    });
  },
);
