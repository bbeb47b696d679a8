/**
 * Why a bash rule's specifier cannot mean what it says, or `undefined` when it is well formed:
 * `rm:` (a `:` with no `*`) and `rm:* -rf` (`:*` not at the end) match nothing a user intends, and
 * an empty `Bash()` is not a specifier. Claude Code's grammar: `prefix:*` only at the end.
 */
export function commandSpecifierProblem(specifier: string): string | undefined {
  const text = specifier.trim();
  if (text === '') return 'the specifier is empty: write `Bash` for every command or `Bash(npm test)`';
  if (/:\*./s.test(text)) return '`:*` may only end a specifier (`Bash(npm run test:*)`)';
  if (/:$/.test(text))
    return `it ends in \`:\` without \`*\`: write \`${text}*\` to match every \`${text.slice(0, -1).trim()}\` command`;
  return undefined;
}
