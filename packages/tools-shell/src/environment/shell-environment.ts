import { holdsUrlCredentials } from './holds-url-credentials.js';

/** How commands get their environment. */
export interface ShellEnvironmentOptions {
  /**
   * Start from the inherited variables (`base`). When false, commands see only `set`.
   * @default true
   */
  readonly inherit?: boolean;
  /** The variables inherited. @default process.env */
  readonly base?: Readonly<Record<string, string | undefined>>;
  /**
   * Name patterns dropped from the inherited variables, matched case-insensitively against the
   * whole name; `*` matches any run of characters. Whatever the list, a variable whose value holds
   * a URL with a password (`postgres://user:pass@host`) is dropped too (unless kept).
   * @default DEFAULT_DROPPED_ENVIRONMENT
   */
  readonly drop?: readonly string[];
  /**
   * Extra name patterns dropped, added to `drop` (so the defaults stay).
   * @default []
   */
  readonly dropAlso?: readonly string[];
  /** Name patterns kept even when a `drop` pattern matches them (e.g. `SSH_AUTH_SOCK`, `GITHUB_TOKEN`). @default [] */
  readonly keep?: readonly string[];
  /** Variables set for every command, after inheriting and dropping (they win). @default {} */
  readonly set?: Readonly<Record<string, string>>;
}

/**
 * A word as a whole `_`-separated segment of a name: alone, first, last or in between. `PAT`
 * catches `GH_PAT` but not `PATH` or `SPATIAL`.
 */
function asSegment(word: string): string[] {
  return [word, `${word}_*`, `*_${word}`, `*_${word}_*`];
}

/**
 * Names not passed to commands: containing KEY, SECRET, TOKEN (Codex's default), PASSWORD,
 * PASSWD, PASSPHRASE, CREDENTIAL or COOKIE; ending in `_PWD` (`MYSQL_PWD`, not `PWD` or `OLDPWD`);
 * or with PASS, AUTH, PAT, DSN or SESSION as a whole segment (`NPM_CONFIG__AUTH`, `GH_PAT`).
 */
export const DEFAULT_DROPPED_ENVIRONMENT: readonly string[] = [
  '*KEY*',
  '*SECRET*',
  '*TOKEN*',
  '*PASSWORD*',
  '*PASSWD*',
  '*PASSPHRASE*',
  '*CREDENTIAL*',
  '*COOKIE*',
  '*_PWD',
  ...['PASS', 'AUTH', 'PAT', 'DSN', 'SESSION'].flatMap(asSegment),
];

function toMatcher(patterns: readonly string[]): (name: string) => boolean {
  if (patterns.length === 0) return () => false;
  const source = patterns
    .map((pattern) =>
      pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*'),
    )
    .join('|');
  const expression = new RegExp(`^(?:${source})$`, 'i');
  return (name) => expression.test(name);
}

/**
 * Builds the environment function for commands: inherited variables minus the dropped names and
 * the values holding URL credentials (unless kept), plus `set`. Re-reads `base` on every call, so later changes to it are seen.
 */
export function createShellEnvironment(options: ShellEnvironmentOptions = {}): () => Record<string, string> {
  const isDropped = toMatcher([
    ...(options.drop ?? DEFAULT_DROPPED_ENVIRONMENT),
    ...(options.dropAlso ?? []),
  ]);
  const isKept = toMatcher(options.keep ?? []);
  const inherit = options.inherit ?? true;
  const set = { ...(options.set ?? {}) };
  return () => {
    const environment: Record<string, string> = {};
    if (inherit) {
      const base = options.base ?? process.env;
      for (const name of Object.keys(base)) {
        const value = base[name];
        if (value === undefined) continue;
        if ((isDropped(name) || holdsUrlCredentials(value)) && !isKept(name)) continue;
        environment[name] = value;
      }
    }
    return Object.assign(environment, set);
  };
}
