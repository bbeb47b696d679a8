import { describe, expect, it } from 'vitest';
import { createPermissionRules } from '../create-permission-rules.js';
import { parsePermissionRules } from '../parse-permission-rules.js';
import { CORPUS_ALLOW, CORPUS_DENY, REALISTIC_CORPUS } from './realistic-corpus.js';

/** The lines of the corpus that no rule allows, with the decision each got. */
async function notAllowed(): Promise<string[]> {
  const missed: string[] = [];
  for (const [allow, line] of REALISTIC_CORPUS) {
    const { rules } = parsePermissionRules({ allow: [allow, ...CORPUS_ALLOW], deny: CORPUS_DENY }, 'corpus');
    const verdict = await createPermissionRules(rules, { homeDirectory: '/home/u' }).decide({
      tool: 'bash',
      command: line,
    });
    if (verdict?.decision !== 'allow')
      missed.push(`${allow} ${JSON.stringify(line)} → ${verdict?.decision ?? 'none'}`);
  }
  return missed;
}

describe('a corpus of realistic rule and command-line pairs', () => {
  it('has at least 200 pairs', () => {
    expect(REALISTIC_CORPUS.length).toBeGreaterThanOrEqual(200);
  });

  it('runs unasked as often as before the analyzer judged every node', async () => {
    const missed = await notAllowed();
    // Reported so the figure in the package README can be checked: `unasked N of M`.
    console.log(
      `unasked ${REALISTIC_CORPUS.length - missed.length} of ${REALISTIC_CORPUS.length}\n${missed.join('\n')}`,
    );
    expect(missed).toEqual(EXPECTED_MISSES);
  });
});

/** The pairs that ask on purpose, each for a reason the README states. */
const EXPECTED_MISSES: readonly string[] = [
  // A script file or inline program is code the rules cannot read: asks while a deny rule is in force.
  'Bash(node:*) "node scripts/build.mjs" → ask',
  'Bash(node:*) "node -e \\"console.log(process.versions)\\"" → ask',
  'Bash(git commit:*) "git add -A && git commit -m wip" → none',
  'Bash(git:*) "GIT_PAGER=cat git log -3" → none',
  'Bash(python:*) "python scripts/gen.py > out.json" → ask',
  'Bash(python3:*) "python3 -c \\"import sys; print(sys.version)\\"" → ask',
  'Bash(python:*) "PYTHONUNBUFFERED=1 python train.py" → ask',
  'Bash(ls:*) "ls | while read -r f; do echo \\"$f\\"; done" → none',
  'Bash(git:*) "git diff --name-only | xargs grep -l TODO" → none',
  'Bash(find:*) "find . -name \\"*.ts\\" | xargs wc -l" → none',
];
