import { describe, expect, it } from 'vitest';
import { createPermissionRules } from './create-permission-rules.js';
import { parsePermissionRules } from './parse-permission-rules.js';

const engineOf = (lists: Parameters<typeof parsePermissionRules>[0]) =>
  createPermissionRules(parsePermissionRules(lists, 'rules.json').rules, { homeDirectory: '/home/u' });

describe('createPermissionRules', () => {
  it('lets deny beat ask beat allow whatever the order of the lists', async () => {
    const engine = engineOf({
      allow: ['read_file'],
      ask: ['read_file(src/**)'],
      deny: ['read_file(src/secret/**)'],
    });
    const decide = async (path: string) =>
      (await engine.decide({ tool: 'read_file', paths: [path] }))?.decision;
    expect([await decide('README.md'), await decide('src/a.ts'), await decide('src/secret/k')]).toEqual([
      'allow',
      'ask',
      'deny',
    ]);
  });

  it('reads path rules as .gitignore does: names at any depth, slashes anchored at the root', async () => {
    const engine = engineOf({ deny: ['read_file(.env*)', 'edit(src/**)', 'Read(~/notes/**)'] });
    const decide = async (tool: string, path: string) =>
      (await engine.decide({ tool, paths: [path] }))?.decision;
    expect([
      await decide('read_file', '.env'),
      await decide('read_file', 'app/.env.local'),
      await decide('read_file', 'env.txt'),
      await decide('edit', 'src/deep/a.ts'),
      await decide('edit', 'lib/src/a.ts'),
      await decide('grep', '/home/u/notes/x.md'),
    ]).toEqual(['deny', 'deny', undefined, 'deny', undefined, 'deny']);
  });

  it("expands Claude Code's names: Read covers read_file, grep and glob; Edit every writing tool", async () => {
    const engine = engineOf({ deny: ['Read(*.pem)', 'Edit'] });
    const decisions = await Promise.all(
      ['read_file', 'grep', 'glob', 'write_file', 'edit', 'apply_patch', 'update_agents_md', 'bash'].map(
        async (tool) => (await engine.decide({ tool, paths: ['k.pem'] }))?.decision,
      ),
    );
    expect(decisions).toEqual(['deny', 'deny', 'deny', 'deny', 'deny', 'deny', 'deny', undefined]);
  });

  it('lets a command rule speak only to command lines, not to calls without one (bash status)', async () => {
    const engine = engineOf({ deny: ['bash(rm:*)'], ask: ['bash(git push:*)'] });
    expect(await engine.decide({ tool: 'bash' })).toBeUndefined();
    expect(await engine.decide({ tool: 'bash', command: 'rm -rf x' })).toMatchObject({ decision: 'deny' });
  });

  it('matches MCP tools by name patterns', async () => {
    const engine = engineOf({ allow: ['mcp__github__get_*'], deny: ['mcp__github__*'] });
    expect(await engine.decide({ tool: 'mcp__github__get_issue' })).toMatchObject({ decision: 'deny' });
    const narrow = engineOf({ allow: ['mcp__github__get_*'] });
    expect(await narrow.decide({ tool: 'mcp__github__get_issue' })).toMatchObject({ decision: 'allow' });
    expect(await narrow.decide({ tool: 'mcp__github__delete_repo' })).toBeUndefined();
  });

  it('judges redirect targets through the cwd resolver the host gives', async () => {
    const engine = engineOf({ allow: ['bash(echo:*)'], deny: ['write_file(config/**)'] });
    const query = {
      tool: 'bash',
      command: 'echo x > ../config/app.json',
      resolveCommandPath: async (path: string) => ({ path: `config/${path.split('/').pop()}` }),
    };
    expect(await engine.decide(query)).toMatchObject({
      decision: 'deny',
      rule: { text: 'write_file(config/**)' },
    });
  });

  it('judges redirect targets by the write rules even when no bash rule exists', async () => {
    const engine = engineOf({ deny: ['edit(.git/**)'] });
    expect(await engine.decide({ tool: 'bash', command: 'echo x > .git/config' })).toMatchObject({
      decision: 'deny',
      rule: { text: 'edit(.git/**)' },
    });
    expect(await engine.decide({ tool: 'bash', command: 'echo x > notes.txt' })).toBeUndefined();
  });

  it("denies a redirect target the host refuses (a secret), naming the host's reason", async () => {
    const engine = engineOf({ deny: ['mcp__github__*'] });
    const query = {
      tool: 'bash',
      command: 'echo x > notes.txt; echo y > "$OUT"',
      resolveCommandPath: async (path: string) => ({ path, refusal: `${path} is a secret` }),
    };
    expect(await engine.decide(query)).toEqual({ decision: 'deny', reason: 'notes.txt is a secret' });
    // With no bash or write rule, a target known only at run time is left to the mode.
    expect(await engine.decide({ ...query, command: 'echo y > "$OUT"' })).toBeUndefined();
  });

  it('names the bare deny rule that refuses every call of a tool, by name pattern or alias', () => {
    const engine = engineOf({ deny: ['Bash', 'mcp__github__*', 'edit(src/**)'], allow: ['read_file'] });
    expect(engine.deniedTool('bash')?.text).toBe('Bash');
    expect(engine.deniedTool('mcp__github__create_issue')?.text).toBe('mcp__github__*');
    expect([
      engine.deniedTool('edit'),
      engine.deniedTool('read_file'),
      engine.deniedTool('mcp__x__y'),
    ]).toEqual([undefined, undefined, undefined]);
  });

  it('lets a bare bash deny cover even lines it cannot parse', async () => {
    const engine = engineOf({ deny: ['Bash'] });
    expect(await engine.decide({ tool: 'bash', command: 'echo "unterminated' })).toMatchObject({
      decision: 'deny',
    });
  });
});

describe('parsePermissionRules', () => {
  it('reports every entry it cannot read with its key', () => {
    expect(parsePermissionRules({ allow: [42, 'bash(ok)', 'not a rule!'] }, 'f.json').issues).toEqual([
      { key: 'permissions.allow[0]', message: 'expected a string like "bash(npm test)", got 42' },
      {
        key: 'permissions.allow[2]',
        message:
          '"not a rule!" is not a rule: write a tool name, optionally with a specifier in parentheses, e.g. "bash(npm run test:*)" or "read_file(.env*)"',
      },
    ]);
  });
});

describe('path allow rules allow a call only when they cover every path it touches', () => {
  it('an allow for one file does not allow a patch that also writes others; deny and ask still catch any one path', async () => {
    const engine = engineOf({ allow: ['apply_patch(a.txt)', 'Edit(src/**)'], ask: ['Edit(src/secret/**)'] });
    const decide = async (paths: string[]) => (await engine.decide({ tool: 'apply_patch', paths }))?.decision;
    expect(await decide(['a.txt'])).toBe('allow');
    expect(await decide(['a.txt', '.github/workflows/pwn.yml'])).toBeUndefined();
    expect(await decide(['a.txt', 'run.sh'])).toBeUndefined();
    expect(await decide(['src/a.ts', 'src/b.ts'])).toBe('allow');
    expect(await decide(['src/a.ts', 'Makefile'])).toBeUndefined();
    // Two allow rules together cover the call.
    expect(await decide(['a.txt', 'src/a.ts'])).toBe('allow');
    expect(await decide(['src/a.ts', 'src/secret/k.txt'])).toBe('ask');
  });

  it('holds for any split of the paths: a strict subset covered never allows', async () => {
    const engine = engineOf({ allow: ['write_file(ok/**)'] });
    const names = ['ok/a', 'ok/b', 'no/c', 'ok/d/e', 'x'];
    for (let mask = 1; mask < 1 << names.length; mask++) {
      const paths = names.filter((_, index) => mask & (1 << index));
      const decision = (await engine.decide({ tool: 'write_file', paths }))?.decision;
      expect(decision, paths.join(',')).toBe(
        paths.every((path) => path.startsWith('ok/')) ? 'allow' : undefined,
      );
    }
  });
});
