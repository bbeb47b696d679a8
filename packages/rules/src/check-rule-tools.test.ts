import { describe, expect, it } from 'vitest';
import { checkRuleTools, closestToolName } from './check-rule-tools.js';
import { parsePermissionRules } from './parse-permission-rules.js';

const KNOWN = ['bash', 'read_file', 'write_file', 'edit', 'glob', 'grep', 'delegate_explore', 'lint_fix'];
const rulesOf = (deny: string[]) => parsePermissionRules({ deny }, '/w/toolgate.config.json').rules;

describe('checkRuleTools', () => {
  it('reads names of Object.prototype as tool names like any other: refused, no crash', () => {
    expect(
      checkRuleTools(rulesOf(['constructor(x)', 'toString']), KNOWN).map(
        (issue) => issue.message.split(':')[0],
      ),
    ).toEqual([
      '"constructor(x)" in /w/toolgate.config.json names no tool of this session',
      '"toString" in /w/toolgate.config.json names no tool of this session',
    ]);
  });

  it('refuses a rule naming no known tool, naming the closest one', () => {
    expect(checkRuleTools(rulesOf(['Bsh(rm:*)', 'reed_file']), KNOWN)).toEqual([
      {
        key: 'permissions.deny',
        message:
          '"Bsh(rm:*)" in /w/toolgate.config.json names no tool of this session: did you mean "Bash"? (tools are named like "bash", Claude Code\'s names like "Bash" and "Read", or mcp__server__tool)',
      },
      {
        key: 'permissions.deny',
        message:
          '"reed_file" in /w/toolgate.config.json names no tool of this session: did you mean "read_file"? (tools are named like "bash", Claude Code\'s names like "Bash" and "Read", or mcp__server__tool)',
      },
    ]);
  });

  it('accepts the session tools, their aliases, wildcards that match one, and any mcp__ pattern', () => {
    expect(
      checkRuleTools(
        rulesOf([
          'bash(rm:*)',
          'Bash',
          'Read(.env)',
          'Edit',
          'delegate_*',
          'lint_fix',
          'mcp__github__*',
          'mcp__later',
        ]),
        KNOWN,
      ),
    ).toEqual([]);
  });

  it('refuses a wildcard that matches no tool', () => {
    expect(checkRuleTools(rulesOf(['nothing_*']), KNOWN).map((issue) => issue.key)).toEqual([
      'permissions.deny',
    ]);
  });

  it('names the closest tool by edit distance, ignoring case', () => {
    expect(closestToolName('GREP', KNOWN)).toBe('Grep');
    expect(closestToolName('gerp', KNOWN)).toBe('grep');
    expect(closestToolName('wirte_file', KNOWN)).toBe('write_file');
    expect(closestToolName('delegate_explor', KNOWN)).toBe('delegate_explore');
  });
});
