import { realpath } from 'node:fs/promises';
import { basename, sep } from 'node:path';

/** Programs whose job is to run what the workspace declares (package scripts, Makefiles, tasks). */
const RUNNERS = new Set([
  'npm',
  'pnpm',
  'yarn',
  'corepack',
  'make',
  'gmake',
  'just',
  'task',
  'rake',
  'cargo',
  'go',
  'gradle',
  'mvn',
  'poetry',
  'uv',
  'pipenv',
  'tox',
  'nox',
  'composer',
  'mix',
  'dotnet',
  'bundle',
  'turbo',
  'nx',
  'lerna',
]);

/**
 * Package fetchers: they run a package from the nearest `node_modules` or their cache, so a
 * `node_modules` written during the session would run instead.
 */
const FETCHERS = new Set(['npx', 'pnpx', 'bunx', 'yarnpkg']);

/** Programs that run another program given in their arguments, by grammars toolgate does not follow. */
const WRAPPERS = new Set([
  'env',
  'eval',
  'command',
  'builtin',
  'xargs',
  'nohup',
  'timeout',
  'nice',
  'ionice',
  'sudo',
  'doas',
  'su',
  'busybox',
  'find',
  'parallel',
  'watch',
  'flock',
  'chroot',
  'setsid',
  'stdbuf',
  'time',
  'strace',
  'script',
]);

/** What a program or script is, as far as trust cares. */
export type ProgramRole = 'runner' | 'fetcher' | 'wrapper' | 'installed';

/**
 * The name a file goes by: its basename without a JavaScript extension or a `-cli` suffix, so
 * npm's `npx-cli.js`, `npm-cli.js`, pnpm's `pnpm.cjs` and yarn's `yarn.js` are `npx`, `npm`,
 * `pnpm` and `yarn`.
 */
export function identityName(file: string): string {
  return basename(file)
    .replace(/\.[cm]?[jt]s$/, '')
    .replace(/-cli$/, '');
}

/** The role a name alone gives a program, if any. */
export function roleOfName(name: string): ProgramRole | undefined {
  const identity = identityName(name);
  if (RUNNERS.has(identity)) return 'runner';
  if (FETCHERS.has(identity)) return 'fetcher';
  if (WRAPPERS.has(identity)) return 'wrapper';
  return undefined;
}

/** A program or script outside the workspace, identified by the file that really runs. */
export type ProgramIdentity =
  | {
      readonly ok: true;
      /** Its real path, every link resolved. */
      readonly real: string;
      /** The name that file goes by ({@link identityName}). */
      readonly name: string;
      /** Its role, by the name written, the real file's name, or its place under a `node_modules`. */
      readonly role?: ProgramRole;
    }
  | { readonly ok: false };

/**
 * Identifies the file an absolute path runs: the word written and the file its links lead to are
 * both judged, and anything under a `node_modules` is installed package code (the CLIs of npm, npx,
 * pnpm, yarn, corepack live there). A file that cannot be resolved is not identified.
 */
export async function identifyProgram(absolute: string): Promise<ProgramIdentity> {
  let real: string;
  try {
    real = await realpath(absolute);
  } catch {
    return { ok: false };
  }
  const role =
    roleOfName(absolute) ??
    roleOfName(real) ??
    (real.split(sep).includes('node_modules') ? 'installed' : undefined);
  return { ok: true, real, name: identityName(real), ...(role ? { role } : {}) };
}
