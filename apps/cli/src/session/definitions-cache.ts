import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolDefinition } from '@toolgate/core';

/** The packages whose module-scope code produces the built-in definitions. */
const DEFINING_PACKAGES = [
  '@toolgate/core',
  '@toolgate/tools-fs',
  '@toolgate/tools-patch',
  '@toolgate/tools-shell',
  '@toolgate/tools-search',
  '@toolgate/tools-agents-md',
];

const CACHE_FILE_NAME = 'built-in-definitions.json';

/**
 * Where the definitions cache lives: `TOOLGATE_CACHE_DIR`, else `$XDG_CACHE_HOME/toolgate`, else
 * `~/.cache/toolgate`. `TOOLGATE_CACHE_DIR=off` turns the cache off.
 */
export function definitionsCacheFile(env: NodeJS.ProcessEnv): string | undefined {
  const configured = env.TOOLGATE_CACHE_DIR;
  if (configured === 'off') return undefined;
  const directory = configured || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'toolgate');
  return join(directory, CACHE_FILE_NAME);
}

function collectJavaScript(directory: string, into: string[]): void {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) collectJavaScript(path, into);
    else if (entry.name.endsWith('.js')) {
      const stats = statSync(path);
      into.push(`${path}\u0000${stats.size}\u0000${stats.mtimeMs}`);
    }
  }
}

/**
 * A fingerprint of everything the built-in definitions come from: every JavaScript file of the
 * defining packages and of this CLI (path, size, mtime), plus `extra` (the config's tool options).
 * Any rebuild or reinstall changes it. `undefined` when a package cannot be found.
 */
export function fingerprintBuiltInDefinitions(extra: string): string | undefined {
  const require = createRequire(import.meta.url);
  const files: string[] = [];
  try {
    for (const name of DEFINING_PACKAGES) {
      collectJavaScript(join(dirname(require.resolve(`${name}/package.json`)), 'dist'), files);
    }
    collectJavaScript(dirname(dirname(fileURLToPath(import.meta.url))), files);
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  hash.update(process.version).update('\u0000').update(extra);
  for (const file of files) hash.update('\u0001').update(file);
  return hash.digest('hex');
}

/** The cached definitions when their fingerprint still matches. */
export function readCachedDefinitions(
  file: string,
  fingerprint: string,
): readonly ToolDefinition[] | undefined {
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { fingerprint?: unknown; definitions?: unknown };
    return cached.fingerprint === fingerprint && Array.isArray(cached.definitions)
      ? (cached.definitions as ToolDefinition[])
      : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the definitions (temp file + rename); a cache that cannot be written is skipped. */
export function writeCachedDefinitions(
  file: string,
  fingerprint: string,
  definitions: readonly ToolDefinition[],
): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ fingerprint, definitions }));
    renameSync(temporary, file);
  } catch {
    // A read-only home or cache directory only costs speed.
  }
}
