import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'toolgate-cache-home-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const listTools = (env: Record<string, string>) =>
  runToolgate(['tools', '--json', '--no-mcp'], { cwd: home, env: { NODE_COMPILE_CACHE: '', ...env } });

describe.skipIf(SKIP_REASON)("Node's compile cache of the CLI", () => {
  it(
    'lives in $XDG_CACHE_HOME/toolgate/compile-cache, private to the user, and fills on the first run',
    async () => {
      const cacheHome = join(home, 'xdg-cache');
      const result = await listTools({ HOME: home, XDG_CACHE_HOME: cacheHome });
      expect(result.code).toBe(0);
      const directory = join(cacheHome, 'toolgate', 'compile-cache');
      expect((await stat(directory)).mode & 0o777).toBe(0o700);
      expect((await stat(join(cacheHome, 'toolgate'))).mode & 0o777).toBe(0o700);
      if (!process.env.NODE_DISABLE_COMPILE_CACHE) expect(await readdir(directory)).not.toEqual([]);
      // Nothing in the workspace (here the home, which is also the working directory) but the cache home.
      expect(await readdir(home)).toEqual(['xdg-cache']);
    },
    E2E_OPTIONS.timeout,
  );

  it(
    'falls back to ~/.cache when XDG_CACHE_HOME is unset or relative',
    async () => {
      const result = await listTools({ HOME: home, XDG_CACHE_HOME: 'relative/cache' });
      expect(result.code).toBe(0);
      const directory = join(home, '.cache', 'toolgate', 'compile-cache');
      expect((await stat(directory)).mode & 0o777).toBe(0o700);
      expect(await readdir(home)).toEqual(['.cache']);
    },
    E2E_OPTIONS.timeout,
  );

  it(
    'runs without a cache, and says nothing of it, where the directory cannot be made',
    async () => {
      // A file where the cache directory's parent would be.
      await writeFile(join(home, 'blocked'), 'not a directory');
      const blocked = await listTools({ HOME: home, XDG_CACHE_HOME: join(home, 'blocked') });
      const reference = await listTools({ HOME: home, XDG_CACHE_HOME: join(home, 'fine') });
      expect(blocked.code).toBe(0);
      expect(blocked.stderr).toBe('');
      expect(JSON.parse(blocked.stdout)).toEqual(JSON.parse(reference.stdout));
    },
    E2E_OPTIONS.timeout,
  );
});
