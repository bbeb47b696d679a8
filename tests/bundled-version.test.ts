import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const APPS = [
  { directory: 'apps/cli', bin: 'toolgate' },
  { directory: 'apps/acp', bin: 'toolgate-acp' },
] as const;
const built = APPS.every(({ directory }) => existsSync(join(ROOT, directory, 'dist/bin.js')));

const copies = mkdtempSync(join(tmpdir(), 'toolgate-bundle-version-'));
afterAll(() => rmSync(copies, { recursive: true, force: true }));

describe.skipIf(!built)(
  `the bundles' --version${built ? '' : ' (skipped: run `pnpm build` first)'}`,
  { timeout: 60_000 },
  () => {
    it.each(APPS)(
      '$bin --version is its package.json version, built in (the bundle copied away from its manifest)',
      ({ directory, bin }) => {
        const { version } = JSON.parse(readFileSync(join(ROOT, directory, 'package.json'), 'utf8')) as {
          version: string;
        };
        // No package.json beside or above the copy: the version can only come from the bundle itself.
        const copy = join(copies, bin);
        cpSync(join(ROOT, directory, 'dist'), copy, { recursive: true });
        const run = spawnSync(process.execPath, [join(copy, 'bin.js'), '--version'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
          status: 0,
          stdout: `${version}\n`,
          stderr: '',
        });
      },
    );
  },
);
