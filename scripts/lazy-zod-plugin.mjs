import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Our own sources (a workspace package's or app's `src`), the only importers given the stand-in. */
const OUR_SOURCES = /[\\/](packages|apps)[\\/][^\\/]+[\\/]src[\\/]/;

/** The bundle's entry of the real zod, beside the chunks, where the stand-in loads it from. */
export const ZOD_ENTRY_NAME = 'chunks/zod';

/** The real zod's ES module entry, as the app (the directory tsdown builds in) resolves it. */
export function zodEntryPath() {
  const fromApp = createRequire(join(process.cwd(), 'package.json'));
  const manifest = fromApp.resolve('zod/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8'));
  return join(dirname(manifest), exports['.'].import);
}

/**
 * Resolves `zod` imported from our sources to the stand-in of `scripts/lazy-zod.mjs`, which loads
 * the real zod (the bundle's `ZOD_ENTRY_NAME` entry) on its first use: a command that builds no
 * schema and validates nothing (a listing) loads no zod. The dependencies' imports of zod, all
 * behind dynamic imports, resolve to the real modules, which the bundle shares with that entry.
 */
export function lazyZodPlugin() {
  const standIn = join(import.meta.dirname, 'lazy-zod.mjs');
  const fromOurSources = (importer) =>
    importer !== undefined && OUR_SOURCES.test(importer) && !importer.includes('node_modules');
  return {
    name: 'toolgate:lazy-zod',
    resolveId: (source, importer) => (source === 'zod' && fromOurSources(importer) ? standIn : undefined),
  };
}
