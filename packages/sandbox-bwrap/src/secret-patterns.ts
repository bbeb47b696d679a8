import { InvalidOptionsError } from '@toolgate/core';

/**
 * File names masked inside the sandbox by default: `*` matches any run of characters, a leading
 * `!` makes an exception (checked after every other pattern).
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

function nameExpression(globs: readonly string[]): RegExp | undefined {
  if (globs.length === 0) return undefined;
  const source = globs
    .map((glob) =>
      glob
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*'),
    )
    .join('|');
  return new RegExp(`^(?:${source})$`);
}

/**
 * A test of a file name (not a path) against secret patterns. Throws `InvalidOptionsError` on a
 * pattern that is empty or holds a `/` (patterns match names, in any directory).
 */
export function createSecretNameMatcher(patterns: readonly string[]): (name: string) => boolean {
  const included: string[] = [];
  const excepted: string[] = [];
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    const glob = negated ? pattern.slice(1) : pattern;
    if (glob === '' || glob.includes('/') || glob.includes('\0')) {
      throw new InvalidOptionsError(
        `secret pattern "${pattern}" must be a non-empty file name glob without "/" (e.g. ".env.*" or "*.pem")`,
      );
    }
    (negated ? excepted : included).push(glob);
  }
  const include = nameExpression(included);
  const except = nameExpression(excepted);
  if (!include) return () => false;
  return (name) => include.test(name) && !except?.test(name);
}
