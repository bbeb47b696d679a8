import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApprovalRequest, createSecretMatcher, DEFAULT_SECRET_PATTERNS } from '@toolgate/core';
import { createPermissionRules, type PermissionRule, parsePermissionRules } from '@toolgate/rules';
import { BASH_SPEC } from '@toolgate/tools-shell';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionRulesApproval } from '../rules/permission-rules-approval.js';
import { lastingRulesFor } from './lasting-rules-for.js';

let root: string;
beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-lasting-')));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const rulesOf = (rules: readonly PermissionRule[]) =>
  permissionRulesApproval(createPermissionRules(rules), root, {
    secrets: createSecretMatcher(DEFAULT_SECRET_PATTERNS),
  });

const bashRequest = (command: string) =>
  buildApprovalRequest({ tool: BASH_SPEC, callId: 'c', input: { action: 'exec', command }, mode: 'safe' });

const lasting = (command: string) =>
  lastingRulesFor(bashRequest(command), rulesOf, new AbortController().signal);

describe('lastingRulesFor', () => {
  it('writes one exact rule per simple command of the parsed line, never a prefix', async () => {
    expect(await lasting('npm test')).toEqual(['bash(npm test)']);
    expect(await lasting('npm test && npm run lint | tee /dev/null')).toBeUndefined();
    expect(await lasting('npm test && npm run lint')).toEqual(['bash(npm test)', 'bash(npm run lint)']);
    expect(await lasting('git status; git status')).toEqual(['bash(git status)']);
    // Through a wrapper, the rule names the command it runs, never the wrapper or interpreter.
    expect(await lasting('bash -c "rm x"')).toEqual(['bash(rm x)']);
  });

  it('offers none where no rule can be as narrow as the line', async () => {
    for (const line of [
      'echo $HOME', // a word known only when the shell runs
      'FOO=1 npm test', // an assignment
      'echo hi > out.txt', // a redirection writes
      'git commit -m "two words"', // a word a rule cannot spell literally
      'ls *.ts', // a glob
      'source env.sh', // what the analyzer does not judge
      'npm test; (', // a syntax error
    ])
      expect({ line, rules: await lasting(line) }).toEqual({ line, rules: undefined });
  });

  it('the rules it writes allow the line and nothing more: not `npm test; rm x`, not `npm test x`', async () => {
    const written = (await lasting('npm test'))!;
    const rules = rulesOf(parsePermissionRules({ allow: [...written] }, 'user').rules);
    const signal = new AbortController().signal;
    expect((await rules(bashRequest('npm test'), signal))?.decision).toBe('allow');
    expect((await rules(bashRequest('npm test; rm x'), signal))?.decision).not.toBe('allow');
    expect((await rules(bashRequest('npm test x'), signal))?.decision).not.toBe('allow');
    expect((await rules(bashRequest('npm testx'), signal))?.decision).not.toBe('allow');
  });

  it('names a call that changes files by its files, and any other call by its tool', async () => {
    const edit = {
      ...bashRequest('x'),
      toolName: 'apply_patch',
      kind: 'edit' as const,
      locations: ['src/a.ts', 'src/b.ts'],
      input: { patch: '' },
    };
    expect(await lastingRulesFor(edit, rulesOf, new AbortController().signal)).toEqual([
      'apply_patch(src/a.ts)',
      'apply_patch(src/b.ts)',
    ]);
    const stop = buildApprovalRequest({
      tool: BASH_SPEC,
      callId: 'c',
      input: { action: 'stop', processId: 'p1' },
      mode: 'safe',
    });
    expect(await lastingRulesFor(stop, rulesOf, new AbortController().signal)).toBeUndefined();
  });
});
