import { describe, expect, it } from 'vitest';
import { createPermissionRules } from '../create-permission-rules.js';
import { parsePermissionRules } from '../parse-permission-rules.js';
import { analyzeCommandLine } from './analyze-command-line.js';

const engine = createPermissionRules(
  parsePermissionRules({ allow: ['Bash(ls:*)', 'Bash(cat:*)'], deny: ['Read(secret/**)'] }, 'rules.json')
    .rules,
  { homeDirectory: '/home/u' },
);
const decide = async (command: string) => {
  const verdict = await engine.decide({ tool: 'bash', command });
  return verdict && { decision: verdict.decision, rule: verdict.rule?.text };
};

describe('input redirections', () => {
  it('are read targets, `$(<file)` too; a here-string is a literal', async () => {
    expect(await analyzeCommandLine('ls $(<secret/k.txt); cat < a.txt; cat <<< b.txt')).toEqual({
      commands: [
        { words: ['ls', null], assignments: [] },
        { words: ['cat'], assignments: [] },
        { words: ['cat'], assignments: [] },
      ],
      writeTargets: [],
      readTargets: ['secret/k.txt', 'a.txt'],
      unjudged: "`$(<secret/k.txt)` puts a file's text in the line",
    });
  });

  it.each(['ls $(<secret/k.txt)', 'cat < secret/k.txt', 'ls "$(< secret/k.txt)"'])(
    'are denied by a Read deny rule: %j',
    async (command) => {
      expect(await decide(command)).toEqual({ decision: 'deny', rule: 'Read(secret/**)' });
    },
  );

  it('`$(<file)` of an allowed file makes the line not allowed; `< file` of one is allowed', async () => {
    expect(await decide('ls $(<list.txt)')).toBeUndefined();
    expect(await decide('cat < list.txt')).toEqual({ decision: 'allow', rule: 'Bash(cat:*)' });
  });
});
