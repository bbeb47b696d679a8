import type { StaticWord } from './command-line-analysis.js';
import { commandName } from './command-name.js';

/** Whether a command matches: surely, surely not, or `maybe` when a word is known only at run time. */
export type MatchAnswer = 'yes' | 'no' | 'maybe';

/** A bash rule's specifier, compiled. */
export type CommandSpecifier =
  | { readonly kind: 'any' }
  | { readonly kind: 'exact' | 'prefix'; readonly words: readonly string[] }
  | { readonly kind: 'pattern'; readonly pattern: RegExp };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Compiles a specifier as Claude Code users write them: `npm run test:*` and `npm run test *`
 * match by whole words (`npm run testx` does not match), `git status` matches exactly, and a `*`
 * anywhere else matches any characters of the words joined by spaces.
 */
export function compileCommandSpecifier(specifier: string): CommandSpecifier {
  const text = specifier.trim();
  if (text === '' || text === '*' || text === ':*') return { kind: 'any' };
  const prefix = /^(.*?)(?::\*| \*)$/s.exec(text);
  const body = prefix ? prefix[1]!.trim() : text;
  if (!body.includes('*')) {
    const words = body.split(/\s+/);
    words[0] = commandName(words[0]!) ?? words[0]!;
    return { kind: prefix ? 'prefix' : 'exact', words };
  }
  const words = text.split(/\s+/);
  words[0] = commandName(words[0]!) ?? words[0]!;
  const source = words.map((word) => word.split('*').map(escapeRegExp).join('.*')).join(' ');
  return { kind: 'pattern', pattern: new RegExp(`^${source}$`, 's') };
}

/** The command name a specifier needs (`rm` for `rm:*`), or `undefined` when it can match any name. */
export function specifierCommandName(specifier: CommandSpecifier): string | undefined {
  return specifier.kind === 'exact' || specifier.kind === 'prefix' ? specifier.words[0] : undefined;
}

/**
 * Whether the words of one command reading match a specifier; `named` has the command's first
 * word as a bare name already (see {@link commandName}).
 */
export function matchCommandSpecifier(
  specifier: CommandSpecifier,
  named: readonly StaticWord[],
): MatchAnswer {
  if (specifier.kind === 'any') return 'yes';
  if (specifier.kind === 'pattern') {
    if (named.includes(null)) return 'maybe';
    return specifier.pattern.test(named.join(' ')) ? 'yes' : 'no';
  }
  const wanted = specifier.words;
  if (specifier.kind === 'exact' && named.length !== wanted.length) return 'no';
  if (named.length < wanted.length) return 'no';
  let answer: MatchAnswer = 'yes';
  for (const [index, word] of wanted.entries()) {
    const actual = named[index];
    if (actual === null) answer = 'maybe';
    else if (actual !== word) return 'no';
  }
  return answer;
}
