import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BwrapSandboxOptions } from './open-bwrap-sandbox.js';
import { bwrapUnavailableReason, openFixtureSandbox, runInSandbox } from './test-support/bwrap-test-kit.js';

const unavailable = await bwrapUnavailableReason();
if (unavailable) console.warn(`masked-secrets git tests skipped: ${unavailable}`);
const describeWithBwrap = unavailable ? describe.skip : describe;

const SECRETS: Record<string, string> = {
  '.env': 'API_KEY=tracked-env-secret\n',
  '.npmrc': '//registry.npmjs.org/:_authToken=tracked-npm-secret\n',
  'certs/server.pem': '-----BEGIN tracked-pem-secret-----\n',
};

let base: string;
let workspace: string;
const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: workspace,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: base, GIT_CONFIG_NOSYSTEM: '1' },
  });

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-git-mask-')));
  workspace = join(base, 'workspace');
  await mkdir(join(workspace, 'certs'), { recursive: true });
  await writeFile(join(workspace, 'readme.txt'), 'hello\n');
  // Written an hour ago: an entry newer than the index would be "racily clean" and re-read.
  const past = new Date(Date.now() - 3_600_000);
  for (const [path, text] of Object.entries(SECRETS)) {
    await writeFile(join(workspace, path), text);
    await utimes(join(workspace, path), past, past);
  }
  await utimes(join(workspace, 'readme.txt'), past, past);
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'init');
  git('status', '--porcelain');
  await writeFile(join(workspace, 'readme.txt'), 'hello\nchanged\n');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describeWithBwrap('git in a repository that tracks masked secrets', () => {
  for (const mode of ['workspace-write', 'read-only'] as const) {
    it(`shows them unchanged in ${mode}: git status and git diff work, and their content stays out`, async () => {
      const options: Partial<BwrapSandboxOptions> = { mode, home: join(base, 'home') };
      const sandbox = await openFixtureSandbox(
        { base, workspace, home: join(base, 'home'), linkedSecret: '', dispose: async () => {} },
        options,
      );
      const run = await runInSandbox(
        sandbox,
        'git status --porcelain; echo "status=$?"; git diff; echo "diff=$?"; git diff --stat HEAD; cat .npmrc .env certs/server.pem; echo "cat=$?"',
        workspace,
        { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(base, 'home') },
      );
      expect(run).toEqual({
        code: 0,
        stdout: [
          ' M readme.txt',
          'status=0',
          'diff --git a/readme.txt b/readme.txt',
          'index ce01362..9a7a4b5 100644',
          '--- a/readme.txt',
          '+++ b/readme.txt',
          '@@ -1 +1,2 @@',
          ' hello',
          '+changed',
          'diff=0',
          ' readme.txt | 1 +',
          ' 1 file changed, 1 insertion(+)',
          'cat=1',
          '',
        ].join('\n'),
        stderr: [
          'cat: .npmrc: Permission denied',
          'cat: .env: Permission denied',
          'cat: certs/server.pem: Permission denied',
          '',
        ].join('\n'),
      });
      // The host's view is untouched.
      expect(git('status', '--porcelain')).toBe(' M readme.txt\n');
    });
  }
});
