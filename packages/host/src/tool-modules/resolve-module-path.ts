import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** The conditions a package's `exports` are read with, in order. */
const CONDITIONS = ['import', 'node', 'default'] as const;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The target of one `exports` entry: a path, or the first condition that leads to one. */
function exportTarget(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (Array.isArray(entry)) {
    for (const item of entry) {
      const target = exportTarget(item);
      if (target !== undefined) return target;
    }
    return undefined;
  }
  if (typeof entry !== 'object' || entry === null) return undefined;
  for (const condition of CONDITIONS) {
    const target = exportTarget((entry as Record<string, unknown>)[condition]);
    if (target !== undefined) return target;
  }
  return undefined;
}

/** A package's entry for `subpath` (`.` or `./x`): its `exports`, else `main` or `index.js`. */
function packageEntry(manifest: Record<string, unknown>, subpath: string): string | undefined {
  const { exports } = manifest;
  if (exports !== undefined) {
    const keyed =
      typeof exports === 'object' &&
      exports !== null &&
      !Array.isArray(exports) &&
      Object.keys(exports).some((key) => key.startsWith('.'));
    if (!keyed) return subpath === '.' ? exportTarget(exports) : undefined;
    return exportTarget((exports as Record<string, unknown>)[subpath]);
  }
  if (subpath !== '.') return subpath;
  return typeof manifest.main === 'string' ? manifest.main : 'index.js';
}

/** Splits `@scope/name/sub` into the package name and `./sub`. */
function splitBare(specifier: string): { readonly name: string; readonly subpath: string } {
  const parts = specifier.split('/');
  const count = specifier.startsWith('@') ? 2 : 1;
  const rest = parts.slice(count).join('/');
  return { name: parts.slice(0, count).join('/'), subpath: rest === '' ? '.' : `./${rest}` };
}

/** The file a package directory's manifest enters through for `subpath`, when it exists. */
async function packageFile(root: string, subpath: string): Promise<string | undefined> {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const entry = packageEntry(manifest, subpath);
  return entry !== undefined && (await isFile(resolve(root, entry))) ? resolve(root, entry) : undefined;
}

/**
 * The file a tool module specifier names, as the config file's directory `base` sees it: a path
 * (`./tools/jira.mjs`, absolute; a package directory too) resolves against `base`; a package name
 * (`@acme/toolgate-git`) is looked up in `node_modules` from `base` upwards and entered through
 * its `exports` (`import`, `node`, `default`), else `main`. Resolves to undefined when there is no
 * such file.
 */
export async function resolveModulePath(specifier: string, base: string): Promise<string | undefined> {
  if (specifier.startsWith('.') || isAbsolute(specifier)) {
    const path = resolve(base, specifier);
    return (await isFile(path)) ? path : packageFile(path, '.');
  }
  const { name, subpath } = splitBare(specifier);
  for (let directory = resolve(base); ; directory = dirname(directory)) {
    const root = join(directory, 'node_modules', name);
    if (await isFile(join(root, 'package.json'))) return packageFile(root, subpath);
    if (dirname(directory) === directory) return undefined;
  }
}
