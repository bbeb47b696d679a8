import type { ChildProcess } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
});
afterEach(async () => {
  await workspace.dispose();
});

/** Names of the temporary files writes leave in `directory` (none, once a write is over). */
async function temporaryFiles(directory: string): Promise<string[]> {
  return (await readdir(directory)).filter((name) => name.endsWith('.toolgate-tmp'));
}

/**
 * Once a temporary file shows up in `directory` (a write has started), sends SIGTERM, and a second
 * SIGTERM shortly after: a person insisting that the process end now. Resolves with whether the
 * signals were sent while a write was in progress.
 */
function terminateTwiceMidWrite(child: ChildProcess, directory: string): Promise<boolean> {
  return (async () => {
    const started = Date.now();
    while (child.exitCode === null && Date.now() - started < 60_000) {
      if ((await temporaryFiles(directory)).length > 0) {
        child.kill('SIGTERM');
        await new Promise((resolveDelay) => setTimeout(resolveDelay, 50));
        child.kill('SIGTERM');
        return true;
      }
      await new Promise((resolveDelay) => setTimeout(resolveDelay, 2));
    }
    return false;
  })();
}

const FILES = 300;
const LINES = 5_000;

describe.skipIf(SKIP_REASON !== undefined)(
  `a second SIGTERM during a write ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('leaves apply_patch all or nothing across 300 files, and no temporary file', async () => {
      const body = Array.from({ length: LINES }, (_, line) => `line ${line}`).join('\n');
      await Promise.all(
        Array.from({ length: FILES }, (_, index) => writeFile(join(root, `f${index}.txt`), `old\n${body}\n`)),
      );
      const patch = [
        '*** Begin Patch',
        ...Array.from({ length: FILES }, (_, index) => [
          `*** Update File: f${index}.txt`,
          '@@',
          '-old',
          '+new',
        ]).flat(),
        '*** End Patch',
      ].join('\n');
      let signalled: Promise<boolean> = Promise.resolve(false);
      const result = await runToolgate(
        ['call', 'apply_patch', '-', '--json', '--cwd', root, '--approval', 'auto'],
        {
          stdin: JSON.stringify({ patch }),
          onSpawn: (child) => {
            signalled = terminateTwiceMidWrite(child, root);
          },
        },
      );
      expect(await signalled).toBe(true);
      expect(result.code).toBe(143);
      const firstLines = await Promise.all(
        Array.from({ length: FILES }, async (_, index) =>
          (await readFile(join(root, `f${index}.txt`), 'utf8')).slice(0, 4),
        ),
      );
      const patched = firstLines.filter((line) => line === 'new\n').length;
      expect([0, FILES]).toContain(patched);
      expect(await temporaryFiles(root)).toEqual([]);
    });

    it('leaves no temporary file of a 100 MB write_file, and no partial file', async () => {
      const content = 'a'.repeat(100 * 1024 * 1024);
      let signalled: Promise<boolean> = Promise.resolve(false);
      const result = await runToolgate(
        ['call', 'write_file', '-', '--json', '--cwd', root, '--approval', 'auto'],
        {
          stdin: JSON.stringify({ path: 'big.txt', content }),
          onSpawn: (child) => {
            signalled = terminateTwiceMidWrite(child, root);
          },
        },
      );
      expect(await signalled).toBe(true);
      expect(result.code).toBe(143);
      expect(await temporaryFiles(root)).toEqual([]);
      const size = await stat(join(root, 'big.txt')).then(
        (stats) => stats.size,
        () => 0,
      );
      expect([0, content.length]).toContain(size);
    });
  },
);
