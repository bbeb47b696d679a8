import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  await writeFile(join(root, 'a.txt'), 'one\ntwo\nthree\n');
});
afterEach(async () => {
  await workspace.dispose();
});

const PATCH = [
  '*** Begin Patch',
  '*** Update File: a.txt',
  '@@',
  ' one',
  '-two',
  '+TWO',
  '*** End Patch',
  '',
].join('\n');

// docs/architecture.md, invariant 25: only a plan nothing outside the process had a turn to change
// is written without reading its files again.
describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate call apply_patch, a plan read once ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('run unasked, the patch applies (the plan taken as current)', async () => {
      const result = await runToolgate(
        ['call', 'apply_patch', '-', '--cwd', root, '--approval', 'auto', '--no-mcp'],
        { cwd: root, stdin: JSON.stringify({ patch: PATCH }) },
      );
      expect(result.code).toBe(0);
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one\nTWO\nthree\n');
    });

    it('a preToolUse hook that edits the file between the plan and the write: the patch is placed on what the hook left', async () => {
      const config = join(root, 'hooked.json');
      await writeFile(
        config,
        JSON.stringify({
          hooks: {
            preToolUse: [
              {
                matcher: 'apply_patch',
                command:
                  "printf 'three\\nfour\\n' > a.tail && sed -i '$d' a.txt && cat a.tail >> a.txt && rm a.tail",
              },
            ],
          },
        }),
      );
      const result = await runToolgate(
        ['call', 'apply_patch', '-', '--cwd', root, '--config', config, '--approval', 'auto', '--no-mcp'],
        { cwd: root, stdin: JSON.stringify({ patch: PATCH }) },
      );
      expect(result.stderr).not.toMatch(/internal error/);
      expect(result.code).toBe(0);
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one\nTWO\nthree\nfour\n');
    });
  },
);
