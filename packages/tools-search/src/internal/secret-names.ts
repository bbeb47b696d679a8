import { createSecretMatcher, type SecretMatcher } from '@toolgate/core';

/** Escapes what rg's globs treat specially, but keeps `*` (secret patterns' one wildcard). */
function toRipgrepGlob(pattern: string): string {
  return pattern.replace(/[\\?[\]{}!]/g, (character) => `\\${character}`);
}

/**
 * `--iglob` exclusions for every secret pattern rg can prune itself: those no exception falls
 * under (rg's globs cannot say "`.env.*` but not `.env.example`" without turning into a
 * whitelist that overrides ignore files). Names under the others are dropped by
 * {@link isSecretPath} after rg lists or searches them. The patterns go to rg as one alternation,
 * `!{.env,*.pem,…}`, which excludes what the separate globs exclude at less of rg's CPU for every
 * entry it walks; a pattern with a `,` (which would split the alternation) keeps its own glob.
 */
export function ripgrepSecretFlags(secrets: SecretMatcher): string[] {
  const prunable: string[] = [];
  for (const pattern of secrets.included) {
    const single = createSecretMatcher([pattern]);
    const coversException = secrets.excepted.some(
      (exception) => exception.includes('*') || single.match(exception) !== undefined,
    );
    if (!coversException) prunable.push(toRipgrepGlob(pattern));
  }
  const alone = prunable.filter((glob) => glob.includes(','));
  const together = prunable.filter((glob) => !glob.includes(','));
  const globs = together.length > 1 ? [`{${together.join(',')}}`, ...alone] : [...together, ...alone];
  return globs.flatMap((glob) => ['--iglob', `!${glob}`]);
}

/** True when a name on a path relative to the walk's base is a secret (walkers prune secret directories too). */
export function isSecretPath(secrets: SecretMatcher, relativePath: string): boolean {
  return relativePath.split('/').some((name) => secrets.match(name) !== undefined);
}

/**
 * {@link isSecretPath} for the many paths of one walk: each directory's names are matched once
 * (a listing reports thousands of files in the same few directories), the file name every time.
 */
export function secretPathFilter(secrets: SecretMatcher): (relativePath: string) => boolean {
  const directories = new Map<string, boolean>();
  return (relativePath) => {
    const slash = relativePath.lastIndexOf('/');
    if (slash >= 0) {
      const directory = relativePath.slice(0, slash);
      let secret = directories.get(directory);
      if (secret === undefined) {
        secret = isSecretPath(secrets, directory);
        directories.set(directory, secret);
      }
      if (secret) return true;
    }
    return secrets.match(slash < 0 ? relativePath : relativePath.slice(slash + 1)) !== undefined;
  };
}
