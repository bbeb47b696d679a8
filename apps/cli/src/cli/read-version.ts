import { readFileSync } from 'node:fs';

/** The package's version, written into the bundle at build time (`define` in scripts/app-bundle-config.mjs). */
declare const TOOLGATE_BUILD_VERSION: string | undefined;

/**
 * The CLI's version: the one the bundle was built with (its package.json's, so a bundle copied
 * anywhere still says it); running from source, `apps/cli/package.json`'s.
 */
export function readVersion(): string {
  if (typeof TOOLGATE_BUILD_VERSION === 'string') return TOOLGATE_BUILD_VERSION;
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
