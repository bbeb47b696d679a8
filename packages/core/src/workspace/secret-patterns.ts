import { InvalidOptionsError } from '../errors/toolgate-error.js';

/**
 * File names no tool reads, writes or lists by default (docs/configuration.md, "Rules, secrets,
 * hooks and audit"): `*` matches any run of characters; a leading `!` makes an exception, checked
 * after every other pattern.
 */
export const DEFAULT_SECRET_PATTERNS: readonly string[] = [
  '.env',
  '.env.*',
  '!.env.example',
  '!.env.sample',
  '!.env.template',
  '*.pem',
  '*.key',
  'id_rsa*',
  'id_ed25519*',
  '.npmrc',
  '.pypirc',
  '.netrc',
];

/** Secret patterns compiled once: which names they cover, and the lists they came from. */
export interface SecretMatcher {
  /** The patterns as given (exceptions keep their `!`). */
  readonly patterns: readonly string[];
  /** The patterns that make a name secret. */
  readonly included: readonly string[];
  /** The exceptions, without their `!`. */
  readonly excepted: readonly string[];
  /** The pattern that makes this file name (not a path) secret, or undefined. */
  match(name: string): string | undefined;
}

/**
 * How names are compared: case-insensitively (`.ENV` is `.env` on macOS, and a secret by intent
 * anywhere) and after NFKC normalization (a fullwidth `．env` is `.env`).
 */
function toComparable(name: string): string {
  // NFKC leaves ASCII as it is; skipping it for ASCII names matters to walkers, which ask per entry.
  return (ASCII.test(name) ? name : name.normalize('NFKC')).toLowerCase();
}

const ASCII = /^[\x00-\x7f]*$/;

function globExpression(glob: string): RegExp {
  const source = toComparable(glob)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's');
}

/**
 * Compiles secret name patterns. Throws `InvalidOptionsError` on a pattern that is not a string,
 * is empty, or holds a `/` or NUL (patterns match names, in any directory).
 */
export function createSecretMatcher(patterns: readonly string[]): SecretMatcher {
  if (!Array.isArray(patterns)) {
    throw new InvalidOptionsError(`secrets must be a list of file name patterns; got ${typeof patterns}`);
  }
  const included: string[] = [];
  const excepted: string[] = [];
  for (const pattern of patterns) {
    const glob = typeof pattern === 'string' && pattern.startsWith('!') ? pattern.slice(1) : pattern;
    if (typeof glob !== 'string' || glob === '' || glob.includes('/') || glob.includes('\0')) {
      throw new InvalidOptionsError(
        `secret pattern ${JSON.stringify(pattern)} must be a non-empty file name glob without "/" (e.g. ".env.*" or "*.pem")`,
      );
    }
    (glob === pattern ? included : excepted).push(glob);
  }
  // The expressions are built on the first name asked about: a session that opens no file (a
  // listing) builds none.
  let compiled: Compiled | undefined;
  const compile = (): Compiled => {
    const includes = included.map((glob) => ({ glob, expression: globExpression(glob) }));
    return {
      includes,
      // One expression for "some pattern matches", so most names (no secret) cost one test.
      any: new RegExp(includes.map(({ expression }) => `(?:${expression.source})`).join('|'), 's'),
      exceptions: excepted.map(globExpression),
    };
  };
  return {
    patterns: [...patterns],
    included,
    excepted,
    match(name) {
      if (included.length === 0) return undefined;
      compiled ??= compile();
      const comparable = toComparable(name);
      if (!compiled.any.test(comparable)) return undefined;
      const found = compiled.includes.find(({ expression }) => expression.test(comparable));
      if (!found || compiled.exceptions.some((expression) => expression.test(comparable))) return undefined;
      return found.glob;
    },
  };
}

/** A matcher's expressions. */
interface Compiled {
  readonly includes: readonly { readonly glob: string; readonly expression: RegExp }[];
  readonly any: RegExp;
  readonly exceptions: readonly RegExp[];
}
