import { lstat } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { isAbsolute, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * its relative imports, transitively, and the `package.json` files that decide their module type.
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
