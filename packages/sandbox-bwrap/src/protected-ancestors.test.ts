import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
if (unavailable) console.warn(`protected-ancestor tests skipped: ${unavailable}`);
const describeWithBwrap = unavailable ? describe.skip : describe;

let fixture: BwrapFixture;
beforeEach(async () => {
  fixture = await createBwrapFixture();
  await mkdir(join(fixture.workspace, 'tools', 'hooks', 'lib'), { recursive: true });
  await writeFile(join(fixture.workspace, 'tools', 'hooks', 'check.sh'), 'echo trusted\n');
  await writeFile(join(fixture.workspace, 'tools', 'hooks', 'lib', 'policy.awk'), '{ print }\n');
});
afterEach(async () => {
  await fixture.dispose();
});

const protectedPaths = ['tools/hooks/check.sh', 'tools/hooks/lib/policy.awk'];

describeWithBwrap('a protected path cannot be swapped out by moving a directory above it', () => {
  for (const ancestor of ['tools', 'tools/hooks', 'tools/hooks/lib']) {
    it(`refuses to rename, remove or replace ${ancestor}`, async () => {
      const sandbox = await openFixtureSandbox(fixture, { protectedPaths });
      const run = await runInSandbox(
        sandbox,
        [
          `mv ${ancestor} ${ancestor}.old; echo mv=$?`,
          `rm -rf ${ancestor} 2>/dev/null; echo rm=$?`,
          `mkdir -p ${ancestor}.new/lib && echo evil > ${ancestor}.new/check.sh && mv -T ${ancestor}.new ${ancestor}; echo replace=$?`,
          'cat tools/hooks/check.sh tools/hooks/lib/policy.awk',
        ].join('; '),
      );
      expect(run.stdout).toMatch(/^mv=1\nrm=1\nreplace=1\necho trusted\n\{ print \}\n$/);
      expect(await readFile(join(fixture.workspace, 'tools', 'hooks', 'check.sh'), 'utf8')).toBe(
        'echo trusted\n',
      );
    });
  }

  it('keeps the directories on the way writable: other files in them can be made, changed and removed', async () => {
    const sandbox = await openFixtureSandbox(fixture, { protectedPaths });
    const run = await runInSandbox(
      sandbox,
      'echo a > tools/a.txt && echo b > tools/hooks/b.txt && echo c > tools/hooks/lib/c.txt && mkdir tools/hooks/more && rm tools/a.txt && echo ok; echo x > tools/hooks/check.sh',
    );
    expect(run.stdout).toBe('ok\n');
    expect(run.stderr).toMatch(/check\.sh: Read-only file system/);
    expect(await readFile(join(fixture.workspace, 'tools', 'hooks', 'b.txt'), 'utf8')).toBe('b\n');
    expect(await readFile(join(fixture.workspace, 'tools', 'hooks', 'lib', 'c.txt'), 'utf8')).toBe('c\n');
  });

  it('makes the existing directories above a protected path that does not exist yet mount points', async () => {
    const sandbox = await openFixtureSandbox(fixture, { protectedPaths: ['tools/hooks/later/run.sh'] });
    const run = await runInSandbox(
      sandbox,
      'mv tools/hooks tools/hooks.old; echo mv=$?; mv tools t2; echo mv2=$?',
    );
    expect(run.stdout).toBe('mv=1\nmv2=1\n');
  });
});
