import { realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InvalidOptionsError } from '../errors/toolgate-error.js';
import type { PathErrorCode } from '../result/error-codes.js';
import { type Outcome, type ToolFailure, toolFailure, toolSuccess } from '../result/tool-result.js';
import { createPathLocks } from './path-locks.js';
import type { ReadPolicy } from './read-policy.js';
import { createRealPathBatch, type RealPathBatch } from './real-path-batch.js';
import { resolveRealPath } from './resolve-real-path.js';
import { createSecretMatcher, DEFAULT_SECRET_PATTERNS } from './secret-patterns.js';
import { temporaryNameOnPath } from './temporary-path.js';
import type { ResolvedPath, Workspace } from './workspace.js';

/**
 * Segment names never written, whatever the mode: version control, dependencies, credentials, and
 * the workspace's own configuration (a tool must never loosen the rules it runs under).
 */
export const DEFAULT_PROTECTED_PATHS: readonly string[] = [
  '.git',
  'node_modules',
  '.ssh',
  '.aws',
  '.gnupg',
  'toolgate.config.json',
  '.mcp.json',
  '.toolgate',
];

/** Segment names walkers skip by default. */
export const DEFAULT_EXCLUDED_PATHS: readonly string[] = ['.git', 'node_modules'];

/** Options for {@link createWorkspace}. */
export interface WorkspaceOptions {
  /** The workspace root; must be an existing directory. */
  readonly root: string;
  /** Extra roots that may be read but not written (skills, docs). @default [] */
  readonly readRoots?: readonly string[];
  /** Let reads and writes leave the workspace. @default false */
  readonly allowOutsideWorkspace?: boolean;
  /**
   * More protected paths, added to {@link DEFAULT_PROTECTED_PATHS}: a name without `/` protects
   * every segment of that name; a relative path with `/` protects that root-relative path and what
   * is below it; an absolute path protects that path (its real path when it exists) and what is
   * below it, wherever it is (the user's own configuration directory, for example).
   * @default []
   */
  readonly protectedPaths?: readonly string[];
  /** Segment names glob and grep skip while walking. @default ['.git', 'node_modules'] */
  readonly excludedPaths?: readonly string[];
  /**
   * File name patterns of secrets, replacing {@link DEFAULT_SECRET_PATTERNS}: a path whose real
   * name (or the name it was given by) matches is refused for reading and writing, and walkers
   * skip it. `[]` turns the protection off. @default DEFAULT_SECRET_PATTERNS
   */
  readonly secrets?: readonly string[];
  /**
   * Absolute paths no tool reads, lists or writes, with everything below them, even when a read
   * root or `allowOutsideWorkspace` would reach them (the user's configuration directory,
   * toolgate's state directory); compared by real path. @default []
   */
  readonly unreachablePaths?: readonly string[];
  /**
   * The session's own read-only directories (its spilled outputs), reachable although they lie
   * under an unreachable path: a file below one is read only when named by a path that is itself
   * below it (no symlink into it, no `..` out of it), and is never written. Nothing else under the
   * unreachable path becomes reachable. @default []
   */
  readonly sessionReadRoots?: readonly string[];
  /**
   * The host's own refusals of reading (deny rules), asked for every file and directory a tool
   * reads, lists, walks or quotes, after the boundary, the unreachable paths and the secrets.
   * @default none
   */
  readonly readPolicy?: ReadPolicy;
}

const MAX_SEGMENT_BYTES = 255;

/** A `.`, `..` or empty segment: such a path is compared through `path.relative`, not by prefix. */
const UNNORMALIZED = /\/\.{0,2}(?:\/|$)/;

const RESOLUTION_FAILURE_CODES = {
  not_a_directory: 'not_a_directory',
  not_found: 'not_found',
  symlink_loop: 'invalid_arguments',
  changed: 'precondition_changed',
  io_error: 'io_error',
} as const;

function realDirectory(path: string, what: string): string {
  let real: string;
  try {
    real = realpathSync(resolve(path));
  } catch {
    throw new InvalidOptionsError(`${what} does not exist: ${path}`);
  }
  if (!statSync(real).isDirectory()) throw new InvalidOptionsError(`${what} is not a directory: ${path}`);
  return real;
}

/**
 * The process's one set of path locks, shared by every workspace this module creates: two
 * sessions of one process (two MCP clients over HTTP, an editor's two ACP sessions) that write one
 * file take one lock, so neither loses the other's update, and a lock stamp sees them both.
 */
const locks = createPathLocks();

/**
 * How protected names are compared: case-insensitively (macOS and Windows file systems are) and
 * after NFKC normalization (`.GIT`, a fullwidth `．git` and a decomposed `é` all match).
 */
function toComparable(name: string): string {
  // NFKC leaves ASCII as it is: skipped for ASCII, since walkers compare every entry.
  return (ASCII.test(name) ? name : name.normalize('NFKC')).toLowerCase();
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * `realpathSync` of a path that exists, else `undefined`. A missing path (`statSync` says so without
 * throwing) is never given to `realpathSync`, whose failure builds an error with a stack: a session
 * resolves a dozen protected paths under a home where most do not exist yet, and the thrown errors
 * cost a cold start about a millisecond.
 */
function realPathOfExisting(path: string): string | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false }) === undefined ? undefined : realpathSync(path);
  } catch {
    // Unreadable (EACCES, ENOTDIR, a loop) or removed since the look: treated as missing, as before.
    return undefined;
  }
}

/** The real path of an existing path (resolved at construction, like the root); else the path as given. */
function realPathIfExists(path: string): string {
  return realPathOfExisting(path) ?? resolve(path);
}

/**
 * The real path of the nearest existing ancestor with the rest appended: where `path` would be
 * once created (a state directory made after the workspace, under a linked home).
 */
function realPathOfFuture(path: string): string {
  const absolute = resolve(path);
  const rest: string[] = [];
  let current = absolute;
  for (;;) {
    const real = realPathOfExisting(current);
    if (real !== undefined) return join(real, ...rest.reverse());
    const parent = dirname(current);
    if (parent === current) return absolute;
    rest.push(basename(current));
    current = parent;
  }
}

/** A directory to compare paths with: itself, and its prefix with the separator, made once. */
function underTest(directory: string): (path: string) => boolean {
  const prefix = directory.endsWith(sep) ? directory : `${directory}${sep}`;
  return (path) => path === directory || path.startsWith(prefix);
}

function isWithin(path: string, root: string): boolean {
  // Normalized absolute paths (real paths are): containment is a prefix.
  if (sep === '/' && path.startsWith('/') && !UNNORMALIZED.test(path) && !UNNORMALIZED.test(root))
    return underTest(root)(path);
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Creates the workspace context every tool resolves paths through: containment is checked on
 * real paths (symlinks resolved, dangling ones followed to their target), never by string prefix.
 */
export function createWorkspace(options: WorkspaceOptions): Workspace {
  const root = realDirectory(options.root, 'Workspace root');
  const readRoots = (options.readRoots ?? []).map((path) => realDirectory(path, 'Read root'));
  const allowOutsideWorkspace = options.allowOutsideWorkspace ?? false;
  const excludedPaths = [...(options.excludedPaths ?? DEFAULT_EXCLUDED_PATHS)];
  const extra = options.protectedPaths ?? [];
  const protectedNames = new Map(
    [...DEFAULT_PROTECTED_PATHS, ...extra.filter((entry) => !entry.includes('/'))].map((name) => [
      toComparable(name),
      name,
    ]),
  );
  const protectedPrefixes = extra
    .filter((entry) => entry.includes('/') && !isAbsolute(entry))
    .map((entry) => entry.replace(/^\.\/+|\/+$/g, ''));
  const protectedAbsolute = extra.filter((entry) => isAbsolute(entry)).map(realPathIfExists);
  const secrets = createSecretMatcher(options.secrets ?? DEFAULT_SECRET_PATTERNS);
  const unreachable = (options.unreachablePaths ?? []).map((entry) => {
    if (typeof entry !== 'string' || !isAbsolute(entry))
      throw new InvalidOptionsError(
        `unreachablePaths must hold absolute paths; got ${JSON.stringify(entry)}`,
      );
    return realPathOfFuture(entry);
  });
  // Asked for every path a walker reaches: each entry's comparable form and prefix are made once.
  const unreachableTests = unreachable.map((entry) => underTest(toComparable(entry)));
  const sessionReadRoots = (options.sessionReadRoots ?? []).map((entry) => {
    if (typeof entry !== 'string' || !isAbsolute(entry))
      throw new InvalidOptionsError(
        `sessionReadRoots must hold absolute paths; got ${JSON.stringify(entry)}`,
      );
    return { given: resolve(entry), real: realPathOfFuture(entry) };
  });
  /** True when a real path lies in a session read root. */
  const inSessionReadRoot = (absolutePath: string): boolean =>
    sessionReadRoots.some((entry) => isWithin(absolutePath, entry.real));
  /** True when a path, as named (`..` applied, no symlink followed), lies in a session read root. */
  const namedInSessionReadRoot = (lexicalPath: string): boolean =>
    sessionReadRoots.some((entry) => isWithin(lexicalPath, entry.given) || isWithin(lexicalPath, entry.real));
  const readPolicy = options.readPolicy;

  const rootPrefix = root.endsWith(sep) ? root : `${root}${sep}`;
  const toDisplayPath = (absolutePath: string): string => {
    if (absolutePath === root) return '.';
    if (sep === '/' && absolutePath.startsWith(rootPrefix) && !UNNORMALIZED.test(absolutePath))
      return absolutePath.slice(rootPrefix.length);
    if (!isWithin(absolutePath, root)) return absolutePath;
    const rel = relative(root, absolutePath);
    return rel === '' ? '.' : rel.split(sep).join('/');
  };

  const unreachableEntry = (absolutePath: string): string | undefined => {
    if (unreachable.length === 0) return undefined;
    const comparable = toComparable(absolutePath);
    const index = unreachableTests.findIndex((isUnder) => isUnder(comparable));
    return index < 0 ? undefined : unreachable[index];
  };

  const unreachableFailure = (
    requested: string,
    absolutePath: string,
    entry: string,
    forWrite: boolean,
  ): ToolFailure<PathErrorCode> =>
    toolFailure(
      'path_protected',
      `Refusing to ${forWrite ? 'write' : 'read'} ${JSON.stringify(requested)}: ${entry} holds toolgate's own state or the user's configuration, which no tool reads or writes.`,
      { requestedPath: requested, resolvedPath: absolutePath },
    );

  /** The bases below which {@link temporaryNameOnPath} looks at every name. */
  const temporaryBases = [root, ...readRoots, ...sessionReadRoots.map((entry) => entry.real)];
  /** A path that is, or is under, a name of a temporary file of an atomic write (in progress, or a killed one's). */
  const temporaryFailure = (
    requested: string,
    absolutePath: string,
    name: string,
    forWrite: boolean,
  ): ToolFailure<PathErrorCode> =>
    toolFailure(
      'path_protected',
      `Refusing to ${forWrite ? 'write' : 'read'} ${JSON.stringify(requested)}: the name ${JSON.stringify(name)} on its path has the shape of the temporary file of a write in progress (.<name>.<12 hex digits>.toolgate-tmp, in any case: toolgate writes a file under such a name, then renames it over the file), and no tool lists, reads or writes one or anything under it.`,
      { requestedPath: requested, resolvedPath: absolutePath, temporaryName: name },
    );

  const reachPrefixes = [root, ...readRoots].map((path) => (path.endsWith(sep) ? path : `${path}${sep}`));
  const inReach = (absolutePath: string): boolean => {
    if (allowOutsideWorkspace) return true;
    for (const prefix of reachPrefixes)
      if (absolutePath.startsWith(prefix) || absolutePath === prefix.slice(0, -1)) return true;
    return false;
  };

  /**
   * The one read predicate (docs/architecture.md, "The boundary"), on a real absolute path;
   * `named` is set only by {@link resolvePath} for a path named inside a session read root.
   */
  const judgeRead = (
    absolutePath: string,
    checkOptions: { readonly directory?: boolean },
    named: boolean,
  ): ToolFailure<PathErrorCode | 'invalid_arguments'> | undefined => {
    if (typeof absolutePath !== 'string' || !isAbsolute(absolutePath) || absolutePath.includes('\0'))
      return toolFailure('invalid_arguments', `Not an absolute path: ${JSON.stringify(absolutePath)}.`);
    const sessionRead = named && inSessionReadRoot(absolutePath);
    if (!sessionRead && !inReach(absolutePath))
      return toolFailure(
        'path_outside_workspace',
        `Path ${JSON.stringify(absolutePath)} is outside the workspace.`,
        {
          resolvedPath: absolutePath,
          root,
        },
      );
    const entry = sessionRead ? undefined : unreachableEntry(absolutePath);
    if (entry !== undefined)
      return unreachableFailure(toDisplayPath(absolutePath), absolutePath, entry, false);
    const name = basename(absolutePath);
    const pattern = secrets.match(name);
    if (pattern !== undefined)
      return toolFailure(
        'secret_file',
        `Refusing to read ${JSON.stringify(toDisplayPath(absolutePath))}: the name ${JSON.stringify(name)} matches the secret pattern ${JSON.stringify(pattern)}, and no tool reads or writes secrets.`,
        { resolvedPath: absolutePath, pattern },
      );
    const temporary = temporaryNameOnPath(absolutePath, temporaryBases);
    if (temporary !== undefined)
      return temporaryFailure(toDisplayPath(absolutePath), absolutePath, temporary, false);
    if (readPolicy) {
      const refusal = readPolicy({
        realPath: absolutePath,
        displayPath: toDisplayPath(absolutePath),
        directory: checkOptions.directory ?? false,
      });
      if (refusal)
        return toolFailure(
          'path_denied',
          refusal.message,
          refusal.details === undefined ? { resolvedPath: absolutePath } : refusal.details,
        );
    }
    return undefined;
  };

  // Walkers and quoting tools ask with real paths only: a session read root is never reached that way.
  const checkReadable = (
    absolutePath: string,
    checkOptions: { readonly directory?: boolean } = {},
  ): ToolFailure<PathErrorCode | 'invalid_arguments'> | undefined =>
    judgeRead(absolutePath, checkOptions, false);

  const protectedReason = (absolutePath: string): string | undefined => {
    const inside = isWithin(absolutePath, root);
    const rel = inside ? (absolutePath === root ? '' : toDisplayPath(absolutePath)) : absolutePath;
    const comparable = toComparable(rel);
    const name = comparable
      .split('/')
      .map((segment) => protectedNames.get(segment))
      .find((found) => found !== undefined);
    if (name) return `"${name}" is protected`;
    if (inside) {
      const prefix = protectedPrefixes.find((entry) => {
        const protectedPath = toComparable(entry);
        return comparable === protectedPath || comparable.startsWith(`${protectedPath}/`);
      });
      if (prefix) return `"${prefix}" is a protected path`;
    }
    const absolute = protectedAbsolute.find((entry) =>
      isWithin(toComparable(absolutePath), toComparable(entry)),
    );
    if (absolute) return `"${absolute}" is a protected path`;
    return undefined;
  };

  /** Where a path given to a tool leads before any link is followed (`~` expanded, relative to the root). */
  const lexicalOf = (requested: string): string => {
    const given = requested.trim() === '' ? '.' : requested;
    const expanded =
      given === '~' ? homedir() : given.startsWith('~/') ? `${homedir()}${given.slice(1)}` : given;
    return isAbsolute(expanded) ? expanded : `${root}${sep}${expanded}`;
  };

  const resolvePath = async (
    requested: string,
    forWrite: boolean,
    batch?: RealPathBatch,
  ): Promise<Outcome<ResolvedPath>> => {
    if (typeof requested !== 'string') {
      return toolFailure('invalid_arguments', `A path must be a string; got ${typeof requested}.`);
    }
    if (requested.includes('\0')) {
      return toolFailure(
        'invalid_arguments',
        `Path ${JSON.stringify(requested)} contains a NUL byte; remove it.`,
      );
    }
    const tooLong = requested
      .split(/[\\/]/)
      .find((segment) => Buffer.byteLength(segment) > MAX_SEGMENT_BYTES);
    if (tooLong !== undefined) {
      return toolFailure(
        'invalid_arguments',
        `Path ${JSON.stringify(requested.slice(0, 120))}… has a name longer than ${MAX_SEGMENT_BYTES} bytes, which no file system here accepts.`,
      );
    }
    const lexical = lexicalOf(requested);
    // The path as named, `..` applied and no link followed; mostly the real path itself.
    const named = resolve(lexical);
    // Asked before the file system is, so a failure to resolve (`name/`: not a directory) tells
    // nothing about a temporary file either.
    const namedTemporary = temporaryNameOnPath(named, temporaryBases);
    if (namedTemporary !== undefined) return temporaryFailure(requested, named, namedTemporary, forWrite);
    const real = (await batch?.lookup(lexical)) ?? (await resolveRealPath(lexical));
    if (!real.ok) {
      const code = RESOLUTION_FAILURE_CODES[real.reason];
      return toolFailure(code, `Cannot resolve ${JSON.stringify(requested)}: ${real.message}.`);
    }
    const absolutePath = real.realPath;
    const inRoot = isWithin(absolutePath, root);
    // A session read root is read only through a path that stays in it: what a symlink or `..`
    // leads into it is judged as any other path under the unreachable state directory.
    const sessionRead = !forWrite && inSessionReadRoot(absolutePath) && namedInSessionReadRoot(named);
    const allowed =
      sessionRead ||
      inRoot ||
      allowOutsideWorkspace ||
      (!forWrite && readRoots.some((readRoot) => isWithin(absolutePath, readRoot)));
    if (!allowed) {
      const where = absolutePath === requested ? '' : ` (it leads to ${absolutePath})`;
      return toolFailure(
        'path_outside_workspace',
        `Path ${JSON.stringify(requested)} is outside the workspace${where}. Use a path inside ${root}${forWrite ? '' : readRoots.length > 0 ? ` or the read roots ${readRoots.join(', ')}` : ''}.`,
        { requestedPath: requested, resolvedPath: absolutePath, root },
      );
    }
    const secretName = [absolutePath, named]
      .map((path) => basename(path))
      .find((name) => secrets.match(name) !== undefined);
    if (secretName !== undefined) {
      const pattern = secrets.match(secretName);
      const where = absolutePath === named ? '' : ` (it leads to ${absolutePath})`;
      return toolFailure(
        'secret_file',
        `Refusing to ${forWrite ? 'write' : 'read'} ${JSON.stringify(requested)}${where}: the name ${JSON.stringify(secretName)} matches the secret pattern ${JSON.stringify(pattern)}, and no tool reads or writes secrets. Only the person running toolgate can change this, through the "secrets" setting of their configuration.`,
        { requestedPath: requested, resolvedPath: absolutePath, pattern },
      );
    }
    const temporary = temporaryNameOnPath(absolutePath, temporaryBases);
    if (temporary !== undefined) return temporaryFailure(requested, absolutePath, temporary, forWrite);
    const entry = sessionRead
      ? undefined
      : (unreachableEntry(absolutePath) ?? (named === absolutePath ? undefined : unreachableEntry(named)));
    if (entry !== undefined) return unreachableFailure(requested, absolutePath, entry, forWrite);
    if (!forWrite && readPolicy) {
      const denied = judgeRead(absolutePath, {}, sessionRead);
      if (denied) return denied;
    }
    if (forWrite) {
      const reason =
        protectedReason(absolutePath) ?? (named === absolutePath ? undefined : protectedReason(named));
      if (reason) {
        return toolFailure(
          'path_protected',
          `Refusing to write ${JSON.stringify(requested)}: ${reason} and is never written.`,
          {
            requestedPath: requested,
            resolvedPath: absolutePath,
          },
        );
      }
    }
    return toolSuccess({
      requestedPath: requested,
      absolutePath,
      displayPath: toDisplayPath(absolutePath),
      exists: real.exists,
    });
  };

  return {
    root,
    readRoots,
    allowOutsideWorkspace,
    excludedPaths,
    secrets,
    unreachablePaths: unreachable,
    checkReadable,
    resolveReadable: (path) => resolvePath(path, false),
    resolveWritable: (path) => resolvePath(path, true),
    resolveWritableAll: (paths) => {
      const valid = paths.filter((path) => typeof path === 'string' && !path.includes('\0'));
      const batch = createRealPathBatch(valid.map(lexicalOf));
      return Promise.all(paths.map((path) => resolvePath(path, true, batch)));
    },
    toDisplayPath,
    isExcluded: (absolutePath) =>
      isWithin(absolutePath, root) &&
      relative(root, absolutePath)
        .split(sep)
        .some((segment) => excludedPaths.includes(segment)),
    isProtected: (absolutePath) => protectedReason(absolutePath) !== undefined,
    withLock: (realPath, work) => locks.withLock(realPath, work),
    lockStamp: () => locks.stamp(),
    locksQuietSince: (stamp, taken) => locks.quietSince(stamp, taken),
  };
}
