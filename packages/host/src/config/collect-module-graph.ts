import { lstat } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { isAbsolute, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSecretMatcher, DEFAULT_SECRET_PATTERNS } from '@toolgate/core';
import { findModuleSpecifiers } from './find-module-specifiers.js';
import { workspaceRelative } from './read-trusted-file.js';
import type { TrustCollector } from './trust-collector.js';

/** How `require` completes a path without an extension; `import` needs the exact file. */
const COMPLETIONS = [
  '',
  '.js',
  '.mjs',
  '.cjs',
  '.json',
  '.ts',
  '.mts',
  '.cts',
  '/index.js',
  '/index.mjs',
  '/index.cjs',
  '/index.json',
];

/** Files whose module type the nearest `package.json` decides. */
const TYPED_BY_PACKAGE = /\.(?:js|ts)$/;

/** At most this many files in one module's graph. */
const MAX_FILES = 500;

/** Files a module names by a string literal are taken for code of its own when they end so. */
const CODE_FILE = /\.(?:js|mjs|cjs|ts|mts|cts)$/;

/** A string that may name a file by a relative path (`./tools/indexer.mjs`, `hooks/worker.mjs`). */
const PATH_LIKE = /^(?!node:)(?![a-z][\w+.-]*:)[\w@+.,=~/-]{1,255}$/i;

const secrets = createSecretMatcher(DEFAULT_SECRET_PATTERNS);

/**
 * The workspace files a module's string literals name, as the workspace root (its working
 * directory) or its own directory sees them: what it may fork, spawn or start as a worker
 * (`fork('./tools/indexer.mjs')`, `new Worker('./hooks/worker.mjs')`). Best effort: a path it
 * computes is not found. Secrets, `.git` and `node_modules` are never taken.
 */
async function filesNamedBy(strings: readonly string[], root: string, rel: string): Promise<string[]> {
  const found: string[] = [];
  for (const text of new Set(strings)) {
    if (!PATH_LIKE.test(text) || !(text.includes('/') || /\.\w+$/.test(text))) continue;
    for (const base of [root, resolve(root, posix.dirname(rel))]) {
      const target = workspaceRelative(root, resolve(base, text));
      if (target === undefined || found.includes(target) || target === rel) continue;
      const segments = target.split('/');
      if (segments.includes('.git') || segments.includes('node_modules')) continue;
      if (segments.some((segment) => secrets.match(segment) !== undefined)) continue;
      if (await isFile(resolve(root, target))) found.push(target);
    }
  }
  return found;
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return !(await lstat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** The nearest `package.json` above a file, inside the workspace, that decides its module type. */
async function packageJsonOf(root: string, rel: string): Promise<string | undefined> {
  for (let directory = posix.dirname(rel); ; directory = posix.dirname(directory)) {
    const candidate = directory === '.' ? 'package.json' : `${directory}/package.json`;
    if (await isFile(resolve(root, candidate))) return candidate;
    if (directory === '.') return undefined;
  }
}

/**
 * A JavaScript (or TypeScript) file of the workspace and everything it loads, for trust to digest:
 * its relative imports, transitively, the `package.json` files that decide their module type, and
 * every existing workspace file one names by a string literal (what it may fork or start as a
 * worker; code among them followed in turn).
 * It may load Node's built-ins and files outside the workspace; a package (a bare name, which
 * would resolve into a `node_modules` toolgate cannot follow), a workspace file by absolute path,
 * a relative import that leaves the workspace, and an `import()` or `require()` of a computed
 * value are refused, said through the collector. Returns the files, relative to the root.
 */
export async function collectModuleGraph(
  collector: TrustCollector,
  entry: string,
  what: string,
): Promise<readonly string[] | undefined> {
  const { root } = collector;
  const files: string[] = [];
  const pending = [entry];
  let refused = false;
  const refuse = (reason: string) => {
    refused = true;
    collector.refuse(`${what}: ${reason}`);
  };
  while (pending.length > 0) {
    const rel = pending.shift()!;
    if (files.includes(rel)) continue;
    if (files.length >= MAX_FILES) {
      refuse(`${entry} loads more than ${MAX_FILES} files; bundle it into one`);
      break;
    }
    files.push(rel);
    const content = await collector.read(rel, what);
    if (content === undefined) {
      refused = true;
      continue;
    }
    if (TYPED_BY_PACKAGE.test(rel)) {
      const manifest = await packageJsonOf(root, rel);
      if (manifest !== undefined && !files.includes(manifest)) {
        files.push(manifest);
        if ((await collector.read(manifest, what)) === undefined) refused = true;
      }
    }
    if (rel.endsWith('.json') || rel.endsWith('.node')) continue;
    const found = findModuleSpecifiers(content.toString('utf8'));
    // What it names by a plain string may be what it forks or starts as a worker: digested too,
    // and followed when it is code.
    for (const named of await filesNamedBy(found.strings, root, rel)) {
      if (files.includes(named) || pending.includes(named)) continue;
      if (CODE_FILE.test(named)) pending.push(named);
      else {
        files.push(named);
        if ((await collector.read(named, what)) === undefined) refused = true;
      }
    }
    for (const call of found.dynamic)
      refuse(`${rel} loads a module named only when it runs (${call} …), which toolgate cannot verify`);
    for (const raw of found.specifiers) {
      const specifier = raw.replace(/[?#].*$/, '');
      if (isBuiltin(specifier) || specifier.startsWith('data:')) continue;
      let absolute: string;
      if (specifier.startsWith('./') || specifier.startsWith('../')) {
        absolute = resolve(root, posix.dirname(rel), specifier);
        if (workspaceRelative(root, absolute) === undefined) {
          refuse(
            `${rel} imports ${JSON.stringify(raw)}, outside the workspace by a relative path, which the verified copy toolgate runs cannot reach; import it by absolute path or move it in`,
          );
          continue;
        }
      } else if (isAbsolute(specifier) || specifier.startsWith('file:')) {
        let path: string;
        try {
          path = specifier.startsWith('file:') ? fileURLToPath(specifier) : specifier;
        } catch {
          refuse(`${rel} imports ${JSON.stringify(raw)}, which is not a file URL toolgate can read`);
          continue;
        }
        if (workspaceRelative(root, path) !== undefined || path === root)
          refuse(
            `${rel} imports ${JSON.stringify(raw)}, a workspace file by absolute path; import it by a relative path so toolgate can verify it`,
          );
        continue;
      } else {
        refuse(
          `${rel} imports the package ${JSON.stringify(raw)}; toolgate runs a workspace's module from a verified copy that can load Node's built-ins and the module's own relative imports only (a package's files and its dependencies cannot be verified). Bundle the module into one file, or name it in your own config file, which needs no trust`,
        );
        continue;
      }
      let target: string | undefined;
      for (const completion of COMPLETIONS) {
        if (await isFile(`${absolute}${completion}`)) {
          target = workspaceRelative(root, `${absolute}${completion}`);
          break;
        }
      }
      if (target === undefined) {
        refuse(`${rel} imports ${JSON.stringify(raw)}, which is not a file in the workspace`);
        continue;
      }
      if (target.split('/').includes('node_modules')) {
        refuse(
          `${rel} imports ${JSON.stringify(raw)}, installed package code in node_modules whose dependencies toolgate cannot verify`,
        );
        continue;
      }
      pending.push(target);
    }
  }
  return refused ? undefined : files;
}
