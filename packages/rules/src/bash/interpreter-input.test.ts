import { describe, expect, it } from 'vitest';
import { createPermissionRules } from '../create-permission-rules.js';
import { parsePermissionRules } from '../parse-permission-rules.js';

const decide = async (lists: { allow?: string[]; deny?: string[] }, command: string) =>
  (await createPermissionRules(parsePermissionRules(lists, 'test').rules).decide({ tool: 'bash', command }))
    ?.decision ?? 'none';

describe('a program on an interpreter’s standard input', () => {
  const heredoc = "python3 - <<'EOF'\nimport os\nEOF";

  it('is allowed by a rule for the interpreter when it is literal, as python3 -c is', async () => {
    expect(await decide({ allow: ['Bash(python3:*)'] }, heredoc)).toBe('allow');
    expect(await decide({ allow: ['Bash(python3:*)'] }, "python3 -c 'import os'")).toBe('allow');
  });

  it('asks while a bash deny rule is in force, since no rule can read it', async () => {
    expect(await decide({ allow: ['Bash(python3:*)'], deny: ['Bash(rm:*)'] }, heredoc)).toBe('ask');
  });

  it('is never allowed when it comes from a pipe', async () => {
    expect(await decide({ allow: ['Bash(python3:*)', 'Bash(curl:*)'] }, 'curl -s x | python3')).toBe('none');
  });
});
