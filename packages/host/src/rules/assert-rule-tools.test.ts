import { parsePermissionRules } from '@toolgate/rules';
import { describe, expect, it } from 'vitest';
import { assertRuleTools } from './assert-rule-tools.js';

const rules = (deny: string[]) => parsePermissionRules({ deny }, '/w/toolgate.config.json').rules;

describe('assertRuleTools', () => {
  it('throws a configuration error naming the rule, its file and the closest tool', () => {
    expect(() => assertRuleTools(rules(['Bsh(rm:*)']), ['bash', 'read_file'])).toThrow(
      expect.objectContaining({
        name: 'ConfigError',
        code: 'config_invalid',
        message:
          'permissions.deny: "Bsh(rm:*)" in /w/toolgate.config.json names no tool of this session: did you mean "Bash"? (tools are named like "bash", Claude Code\'s names like "Bash" and "Read", or mcp__server__tool). A rule that names no tool matches nothing.',
      }),
    );
  });

  it('accepts rules that each name a tool of the session', () => {
    expect(
      assertRuleTools(rules(['bash(rm:*)', 'Read', 'delegate_explore', 'mcp__x']), [
        'bash',
        'read_file',
        'delegate_explore',
      ]),
    ).toBeUndefined();
  });
});
