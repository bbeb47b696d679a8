import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApprovalAnswer, ApprovalMode, ApprovalRequest, ToolResult } from '@toolgate/core';
import { createPermissionRules, type PermissionLists, parsePermissionRules } from '@toolgate/rules';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionSurface } from '../session/create-session-surface.js';
import { permissionRulesApproval } from './permission-rules-approval.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-rules-approval-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Session {
  call(name: string, input: Record<string, unknown>): Promise<ToolResult>;
  readonly asked: ApprovalRequest[];
}

async function withSession(
  lists: PermissionLists,
  options: { mode?: ApprovalMode; answer?: ApprovalAnswer },
  work: (session: Session) => Promise<void>,
): Promise<void> {
  const permissions = createPermissionRules(parsePermissionRules(lists, '/etc/toolgate/rules.json').rules);
  const asked: ApprovalRequest[] = [];
  const answer = options.answer;
  const session = await createSessionSurface({
    root,
    mode: options.mode ?? 'safe',
    sandbox: 'unconfined',
    rules: permissionRulesApproval(permissions, root),
    ...(answer
      ? {
          approver: async (request: ApprovalRequest) => {
            asked.push(request);
            return answer;
          },
        }
      : {}),
  });
  let calls = 0;
  try {
    await work({
      asked,
      call: (name, input) => {
        calls += 1;
        return session.surface.executor.execute(
          { id: `c${calls}`, name, arguments: input },
          { signal: new AbortController().signal },
        );
      },
    });
  } finally {
    await session.close();
  }
}

describe('permissionRulesApproval', () => {
  it('refuses a line when one of its commands is denied, naming the rule and its file, and runs nothing', async () => {
    await withSession({ deny: ['bash(rm:*)'] }, { mode: 'auto' }, async ({ call }) => {
      const result = await call('bash', { action: 'exec', command: 'echo ok > made.txt && rm -rf src' });
      expect(result).toMatchObject({ status: 'rejected', by: 'rule' });
      expect(result.status === 'rejected' && result.reason).toContain(
        'the deny rule "bash(rm:*)" in /etc/toolgate/rules.json',
      );
      await expect(readFile(join(root, 'made.txt'))).rejects.toThrow();
    });
  });

  it('runs a line unasked only when every command is allowed; otherwise the mode decides', async () => {
    await withSession({ allow: ['bash(echo:*)'] }, {}, async ({ call }) => {
      expect(await call('bash', { action: 'exec', command: 'echo one | echo two' })).toMatchObject({
        status: 'success',
      });
      // safe mode asks for the `touch`, and no approver is configured.
      expect(await call('bash', { action: 'exec', command: 'echo one; touch two' })).toMatchObject({
        status: 'rejected',
        by: 'approval',
      });
    });
  });

  it('judges redirect targets as writes, relative to the command cwd', async () => {
    await mkdir(join(root, 'src'));
    await withSession({ allow: ['bash'], deny: ['edit(src/**)'] }, { mode: 'auto' }, async ({ call }) => {
      expect(await call('bash', { action: 'exec', command: 'echo x > src/a.ts' })).toMatchObject({
        status: 'rejected',
        by: 'rule',
      });
      expect(await call('bash', { action: 'exec', command: 'echo x > a.ts', cwd: 'src' })).toMatchObject({
        status: 'rejected',
        by: 'rule',
      });
      expect(await call('bash', { action: 'exec', command: 'echo x > b.ts' })).toMatchObject({
        status: 'success',
      });
    });
  });

  it('matches path rules against the real path, so a link to a denied file is refused', async () => {
    // .env.example: a real secret (.env) is refused by the workspace itself before any rule.
    await writeFile(join(root, '.env.example'), 'TOKEN=\n');
    await symlink('.env.example', join(root, 'notes.txt'));
    await withSession({ deny: ['Read(.env*)'] }, { mode: 'auto' }, async ({ call }) => {
      const result = await call('read_file', { path: 'notes.txt' });
      expect(result).toMatchObject({ status: 'rejected', by: 'rule' });
      expect(result.status === 'rejected' && result.reason).toContain('"Read(.env*)"');
    });
  });

  describe('a redirect target through a symlink', () => {
    const run = (command: string) => ({ action: 'exec', command });

    it('is judged by its real path: a link to .git/config under an edit(.git/**) deny is refused', async () => {
      await mkdir(join(root, '.git'));
      await writeFile(join(root, '.git', 'config'), '[core]\n');
      await symlink('.git/config', join(root, 'innocent'));
      await withSession({ allow: ['bash'], deny: ['edit(.git/**)'] }, { mode: 'auto' }, async ({ call }) => {
        const result = await call('bash', run('echo x > innocent'));
        expect(result).toMatchObject({ status: 'rejected', by: 'rule' });
        expect(result.status === 'rejected' && result.reason).toContain('matches .git/config');
        expect(await call('bash', run('echo x 2> innocent'))).toMatchObject({ status: 'rejected' });
        expect(await call('bash', run('echo x | tee -a innocent'))).toMatchObject({ status: 'rejected' });
        expect(await call('bash', run('echo x &>> innocent'))).toMatchObject({ status: 'rejected' });
        expect(await readFile(join(root, '.git', 'config'), 'utf8')).toBe('[core]\n');
      });
    });

    it('is refused when the link leads to a secret, whatever the rules allow', async () => {
      await writeFile(join(root, '.env'), 'TOKEN=1\n');
      await symlink('.env', join(root, 'notes.txt'));
      await withSession({ allow: ['bash'] }, { mode: 'auto' }, async ({ call }) => {
        const result = await call('bash', run('echo TOKEN=2 >> notes.txt'));
        expect(result).toMatchObject({ status: 'rejected', by: 'rule' });
        expect(result.status === 'rejected' && result.reason).toContain('the secret pattern ".env"');
        expect(await call('bash', run('echo x > .env'))).toMatchObject({ status: 'rejected', by: 'rule' });
        expect(await readFile(join(root, '.env'), 'utf8')).toBe('TOKEN=1\n');
      });
    });

    it('is judged by its absolute real path when the link leads outside the workspace', async () => {
      const outside = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-rules-outside-')));
      try {
        await symlink(join(outside, 'target.txt'), join(root, 'out'));
        await withSession(
          { allow: ['bash'], deny: [`edit(${outside}/**)`] },
          { mode: 'auto' },
          async ({ call }) => {
            const result = await call('bash', run('echo x > out'));
            expect(result).toMatchObject({ status: 'rejected', by: 'rule' });
            expect(result.status === 'rejected' && result.reason).toContain(join(outside, 'target.txt'));
            await expect(readFile(join(outside, 'target.txt'))).rejects.toThrow();
          },
        );
      } finally {
        await rm(outside, { recursive: true, force: true });
      }
    });

    it('follows a dangling link to the file it would create', async () => {
      await mkdir(join(root, 'src'));
      await symlink('src/new.ts', join(root, 'later'));
      await withSession({ allow: ['bash'], deny: ['edit(src/**)'] }, { mode: 'auto' }, async ({ call }) => {
        expect(await call('bash', run('echo x > later'))).toMatchObject({ status: 'rejected', by: 'rule' });
        await expect(readFile(join(root, 'src', 'new.ts'))).rejects.toThrow();
      });
    });

    it('resolves a new file through its parent directory link, relative to the command cwd', async () => {
      await mkdir(join(root, 'src'));
      await mkdir(join(root, 'sub'));
      await symlink('../src', join(root, 'sub', 'code'));
      await withSession({ allow: ['bash'], deny: ['edit(src/**)'] }, { mode: 'auto' }, async ({ call }) => {
        expect(await call('bash', { ...run('echo x > code/fresh.ts'), cwd: 'sub' })).toMatchObject({
          status: 'rejected',
          by: 'rule',
        });
        expect(await call('bash', { ...run('echo x > fresh.ts'), cwd: 'sub' })).toMatchObject({
          status: 'success',
        });
      });
    });
  });

  it('asks even in auto mode when an ask rule matches', async () => {
    await withSession({ ask: ['write_file(docs/**)'] }, { mode: 'auto', answer: 'allow_once' }, async (s) => {
      expect(await s.call('write_file', { path: 'docs/a.md', content: 'a' })).toMatchObject({
        status: 'success',
      });
      expect(await s.call('write_file', { path: 'b.md', content: 'b' })).toMatchObject({ status: 'success' });
      expect(s.asked.map((request) => request.detail)).toHaveLength(1);
    });
  });

  it('asks about a search whose tree an ask rule may match, not only about its root', async () => {
    await mkdir(join(root, 'docs'));
    await mkdir(join(root, 'src'));
    await writeFile(join(root, 'docs', 'plan.md'), 'TODO secret plan\n');
    await writeFile(join(root, 'src', 'a.ts'), '// TODO\n');
    await withSession({ ask: ['Read(docs/**)'] }, { mode: 'auto', answer: 'allow_once' }, async (s) => {
      for (const path of [undefined, '.', 'docs']) {
        expect(await s.call('grep', { pattern: 'TODO', ...(path ? { path } : {}) })).toMatchObject({
          status: 'success',
        });
      }
      expect(await s.call('glob', { pattern: '**/*.md' })).toMatchObject({ status: 'success' });
      expect(await s.call('grep', { pattern: 'TODO', path: 'src' })).toMatchObject({ status: 'success' });
      expect(s.asked.map((request) => request.toolName)).toEqual(['grep', 'grep', 'grep', 'glob']);
    });
  });

  it('asks about a line the parser cannot read, and refuses it when no one can be asked', async () => {
    await withSession({ allow: ['bash(echo:*)'] }, { mode: 'auto' }, async ({ call }) => {
      expect(await call('bash', { action: 'exec', command: 'echo "unterminated' })).toMatchObject({
        status: 'rejected',
        by: 'approval',
      });
    });
  });

  it('asks, even in auto mode, for a line running text it cannot read while a bash deny rule is in force', async () => {
    await writeFile(join(root, 'script.sh'), 'touch made.txt\n');
    await withSession({ deny: ['bash(rm:*)'] }, { mode: 'auto' }, async ({ call }) => {
      expect(await call('bash', { action: 'exec', command: 'sh < script.sh' })).toMatchObject({
        status: 'rejected',
        by: 'approval',
      });
      await expect(readFile(join(root, 'made.txt'))).rejects.toThrow();
    });
  });

  it('does not allow a line assigning PATH before an allowed command, and remembers "always" for that exact line only', async () => {
    await withSession(
      { allow: ['bash(git status)'] },
      { answer: 'allow_always' },
      async ({ call, asked }) => {
        await call('bash', { action: 'exec', command: 'PATH=bin:$PATH; git status' });
        await call('bash', { action: 'exec', command: 'PATH=bin:$PATH; git status' });
        await call('bash', { action: 'exec', command: 'PATH=evil:$PATH; git status' });
        expect(asked.map((request) => request.detail)).toEqual([
          'PATH=bin:$PATH; git status',
          'PATH=evil:$PATH; git status',
        ]);
      },
    );
  });

  it('remembers "always" for an interpreter as the exact command, never as a prefix', async () => {
    await withSession({}, { answer: 'allow_always' }, async ({ call, asked }) => {
      await call('bash', { action: 'exec', command: 'node -e "1"' });
      await call('bash', { action: 'exec', command: 'node -e "1"' });
      await call('bash', { action: 'exec', command: 'node -e "2"' });
      expect(asked.map((request) => request.detail)).toEqual(['node -e "1"', 'node -e "2"']);
    });
  });
});
