import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApprovalRequest, createWorkspace } from '@toolgate/core';
import { createPermissionRules, type PermissionLists, parsePermissionRules } from '@toolgate/rules';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { permissionRulesApproval } from './permission-rules-approval.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-redirect-judgment-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function decide(lists: PermissionLists, command: string) {
  const permissions = createPermissionRules(parsePermissionRules(lists, 'rules.json').rules);
  const workspace = createWorkspace({ root, protectedPaths: ['deploy'] });
  const rules = permissionRulesApproval(permissions, root, { workspace });
  const request: ApprovalRequest = {
    toolName: 'bash',
    callId: 'c1',
    kind: 'execute',
    mode: 'auto',
    title: command,
    lines: [],
    detail: command,
    input: { command },
    locations: ['.'],
  } as unknown as ApprovalRequest;
  const verdict = await rules(request, new AbortController().signal);
  return verdict && { decision: verdict.decision, rule: verdict.rule?.text };
}

describe('a redirect target of an allowed line', () => {
  it.each([
    'ls >> ~/.bashrc',
    'git status > .git/hooks/pre-commit',
    'ls > toolgate.config.json',
    'ls > .mcp.json',
    'ls > .toolgate/x',
    'ls > deploy/x',
    'ls | tee /tmp/elsewhere',
  ])('must pass the write judgment of write tools: %j asks', async (command) => {
    expect(await decide({ allow: ['Bash(ls:*)', 'Bash(git:*)', 'Bash(tee:*)'] }, command)).toEqual({
      decision: 'ask',
      rule: undefined,
    });
  });

  it('is denied by an Edit deny rule over the write judgment', async () => {
    expect(
      await decide(
        { allow: ['Bash(ls:*)'], deny: ['Edit(toolgate.config.json)'] },
        'ls > toolgate.config.json',
      ),
    ).toEqual({
      decision: 'deny',
      rule: 'Edit(toolgate.config.json)',
    });
  });

  it('inside the workspace and not protected is allowed', async () => {
    expect(await decide({ allow: ['Bash(ls:*)'] }, 'ls > out.txt')).toEqual({
      decision: 'allow',
      rule: 'Bash(ls:*)',
    });
  });
});

describe('an input redirect of an allowed line', () => {
  it.each(['cat < .env', 'cat < config/.env.local', 'x=$(<id_rsa); echo "$x"', 'cat < ./k.pem'])(
    'reads no secret, whatever allows the command: %j is denied',
    async (command) => {
      expect(await decide({ allow: ['Bash(cat:*)', 'Bash(echo:*)', 'Bash(cat)'] }, command)).toMatchObject({
        decision: 'deny',
      });
    },
  );

  it('still reads what is not a secret', async () => {
    expect(await decide({ allow: ['Bash(cat)'] }, 'cat < notes.txt')).toMatchObject({ decision: 'allow' });
  });
});
