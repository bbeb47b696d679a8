import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createHarness,
  ENGINES,
  removeDirectory,
  type SearchHarness,
  temporaryDirectory,
  writeTree,
} from './test-support/search-fixture.js';

/**
 * A separate process that keeps swapping `sub` for a symlink to a directory outside the workspace
 * and back, a few milliseconds each way, until it is killed.
 */
const SWAPPER = `
const fs = require('node:fs');
const [sub, real, outside] = process.argv.slice(1);
const pause = new Int32Array(new SharedArrayBuffer(4));
for (;;) {
  try { fs.renameSync(sub, real); fs.symlinkSync(outside, sub); } catch {}
  Atomics.wait(pause, 0, 0, 2);
  try { fs.unlinkSync(sub); fs.renameSync(real, sub); } catch {}
  Atomics.wait(pause, 0, 0, 2);
}
`;

const CALLS = 25;

describe.each(ENGINES)('a searched directory swapped for a symlink (%s engine)', (engine) => {
  let root: string;
  let outside: string;
  let harness: SearchHarness;
  let swapper: ChildProcess | undefined;

  beforeEach(async () => {
    root = await temporaryDirectory();
    outside = await temporaryDirectory();
    const tree: Record<string, string> = {};
    for (let index = 1; index <= 5; index++) tree[`sub/in${index}.txt`] = 'TOKEN in\n';
    await writeTree(root, tree);
    const leaks: Record<string, string> = {};
    for (let index = 1; index <= 5; index++) leaks[`out${index}.txt`] = 'TOKEN OUTSIDE LEAK\n';
    await writeTree(outside, leaks);
    harness = createHarness({ root }, { engine });
  });
  afterEach(async () => {
    if (swapper && swapper.exitCode === null) {
      const exited = new Promise((resolve) => swapper!.once('exit', resolve));
      swapper.kill('SIGKILL');
      await exited;
    }
    await rm(join(root, 'sub'), { force: true }).catch(() => {});
    await removeDirectory(root);
    await removeDirectory(outside);
  });

  it('never shows a file outside the workspace, whatever the moment of the swap', async () => {
    swapper = spawn(process.execPath, ['-e', SWAPPER, join(root, 'sub'), join(root, 'sub.real'), outside], {
      stdio: 'ignore',
    });
    const statuses = new Set<string>();
    for (let call = 0; call < CALLS; call++) {
      const grep = await harness.call('grep', { pattern: 'TOKEN', path: 'sub' });
      const glob = await harness.call('glob', { pattern: '**/*', path: 'sub' });
      for (const result of [grep, glob]) {
        expect(JSON.stringify(result)).not.toMatch(/OUTSIDE|out\d\.txt/);
        statuses.add(
          result.status === 'failure' ? `${result.error.code}: ${result.error.message}` : result.status,
        );
      }
    }
    // Either it searched the real directory, or it refused (the check itself may see the path
    // missing or outside): never anything else.
    for (const status of statuses) {
      expect(status).toMatch(
        /^(success|precondition_changed|not_found|not_a_directory|path_outside_workspace|io_error)\b/,
      );
    }
  });
});
