import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type BwrapFixture,
  bwrapUnavailableReason,
  createBwrapFixture,
  openFixtureSandbox,
  runInSandbox,
} from './test-support/bwrap-test-kit.js';

const unavailable = await bwrapUnavailableReason();
if (unavailable) console.warn(`implicit bare repository tests skipped: ${unavailable}`);
const describeWithBwrap = unavailable ? describe.skip : describe;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

let fixture: BwrapFixture;
beforeEach(async () => {
  fixture = await createBwrapFixture();
  // What write_file can make: a plain directory that git would take for a bare repository, whose
  // config names a command git runs on `git status`.
  const bare = join(fixture.workspace, 'g');
  await mkdir(join(bare, 'objects'), { recursive: true });
  await mkdir(join(bare, 'refs'), { recursive: true });
  await writeFile(join(bare, 'objects', '.keep'), '');
  await writeFile(join(bare, 'refs', '.keep'), '');
  await writeFile(join(bare, 'HEAD'), 'ref: refs/heads/main\n');
  await writeFile(
    join(bare, 'config'),
    [
      '[core]',
      `\tfsmonitor = "touch ${fixture.workspace}/ran-fsmonitor"`,
      '[alias]',
      `\tst = "!touch ${fixture.workspace}/ran-alias"`,
      '',
    ].join('\n'),
  );
});
afterEach(async () => {
  await fixture.dispose();
});

describeWithBwrap('git in the sandbox', () => {
  for (const mode of ['workspace-write', 'read-only'] as const) {
    it(`refuses an implicit bare repository in ${mode}: git status in it runs none of its config`, async () => {
      const sandbox = await openFixtureSandbox(fixture, { mode });
      const run = await runInSandbox(
        sandbox,
        'git --work-tree=.. status; echo "status=$?"; git st; echo "alias=$?"',
        join(fixture.workspace, 'g'),
        {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: fixture.home,
        },
      );
      expect(run.stderr).toMatch(/cannot use bare repository/);
      expect(run.stdout).toMatch(/^status=128\nalias=[1-9]\d*\n$/);
      expect(await exists(join(fixture.workspace, 'ran-fsmonitor'))).toBe(false);
      expect(await exists(join(fixture.workspace, 'ran-alias'))).toBe(false);
    });
  }

  it('still opens a bare repository named explicitly (--git-dir)', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const run = await runInSandbox(sandbox, 'git --git-dir=g rev-parse --git-dir', fixture.workspace, {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: fixture.home,
    });
    expect(run.stdout).toBe('g\n');
  });
});
