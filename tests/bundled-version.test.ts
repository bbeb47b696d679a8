import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
      '$bin --version is its package.json version, built in (a manifest of another version above the bundle)',
      ({ directory, bin }) => {
        const { name, version } = JSON.parse(readFileSync(join(ROOT, directory, 'package.json'), 'utf8')) as {
          name: string;
          version: string;
        };
        // Above the copy, a manifest of the same name with another version: a bundle that read its
        // version at run time would print that one.
        const copy = join(copies, bin, 'dist');
        cpSync(join(ROOT, directory, 'dist'), copy, { recursive: true });
        writeFileSync(
          join(copies, bin, 'package.json'),
          JSON.stringify({ name, version: '99.99.99', type: 'module' }),
        );
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
