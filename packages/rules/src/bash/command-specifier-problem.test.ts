import { describe, expect, it } from 'vitest';
import { parsePermissionRules } from '../parse-permission-rules.js';

describe('a malformed bash specifier', () => {
  it('is a config error naming the rule', () => {
    expect(
      parsePermissionRules(
        { deny: ['Bash(rm:)', 'bash(git:* push)', 'Bash()', 'Bash(rm:*)', 'Read(a:)'] },
        'f.json',
      ).issues,
    ).toEqual([
      {
        key: 'permissions.deny[0]',
        message:
          '"Bash(rm:)" is not a rule: it ends in `:` without `*`: write `rm:*` to match every `rm` command',
      },
      {
        key: 'permissions.deny[1]',
        message: '"bash(git:* push)" is not a rule: `:*` may only end a specifier (`Bash(npm run test:*)`)',
      },
      {
        key: 'permissions.deny[2]',
        message:
          '"Bash()" is not a rule: the specifier is empty: write `Bash` for every command or `Bash(npm test)`',
      },
    ]);
  });

  it('is not kept as a rule', () => {
    expect(parsePermissionRules({ deny: ['Bash(rm:)'] }, 'f.json').rules).toEqual([]);
  });
});
