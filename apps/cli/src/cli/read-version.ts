import { readFileSync } from 'node:fs';

/**
 * The CLI's version, from its package.json: the nearest one named `@toolgate/cli` above this
 * module, which is `src/cli/` in the repository and `dist/` in the bundle.
 */
export function readVersion(): string {
  let directory = new URL('.', import.meta.url);
  for (let depth = 0; depth < 3; depth++) {
    directory = new URL('..', directory);
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', directory), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (manifest.name === '@toolgate/cli') return String(manifest.version ?? '0.0.0');
    } catch {
      // No package.json at this level: look one higher.
    }
  }
  return '0.0.0';
}
