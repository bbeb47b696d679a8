import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionSurface } from '../session/create-session-surface.js';
import { resolveSessionSettings } from './resolve-session-settings.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-settings-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function settingsWith(permissions: Record<string, string[]>) {
  const configFile = join(root, 'named.config.json');
  await writeFile(configFile, JSON.stringify({ permissions }));
  return resolveSessionSettings({
    root,
    env: {},
    userFile: join(root, 'no-user-config.json'),
    configFile,
    notice: () => {},
  });
}

describe('resolveSessionSettings: tools a bare deny rule refuses', () => {
  it('hides them from the model while a call still answers rejected by the rule', async () => {
    const settings = await settingsWith({ deny: ['Bash'], allow: ['read_file'] });
    expect(settings.hiddenTools?.('bash')).toBe(true);
    expect(settings.hiddenTools?.('read_file')).toBe(false);
    const session = await createSessionSurface({
      root,
      mode: 'auto',
      sandbox: 'unconfined',
      ...(settings.rules ? { rules: settings.rules } : {}),
      ...(settings.hiddenTools ? { hiddenTools: settings.hiddenTools } : {}),
    });
    try {
      const names = session.surface.registry.list().map((definition) => definition.name);
      expect(names).toContain('read_file');
      expect(names).not.toContain('bash');
      const result = await session.surface.executor.execute({
        id: 'c1',
        name: 'bash',
        arguments: { action: 'exec', command: 'echo hi' },
      });
      expect(result).toMatchObject({ status: 'rejected', by: 'rule' });
      expect(result.status === 'rejected' && result.reason).toContain('the deny rule "Bash"');
    } finally {
      await session.close();
    }
  });

  it('hides nothing when every deny rule has a specifier', async () => {
    const settings = await settingsWith({ deny: ['bash(rm:*)', 'mcp__github__delete_*(x)'] });
    expect(settings.hiddenTools).toBeUndefined();
  });
});

describe('resolveSessionSettings: a rule naming no tool', () => {
  it('is a configuration error naming the closest tool', async () => {
    await expect(settingsWith({ deny: ['Bsh(rm:*)', 'reed_file'] })).rejects.toThrow(
      expect.objectContaining({
        code: 'config_invalid',
        message: `permissions.deny: "Bsh(rm:*)" in ${join(root, 'named.config.json')} names no tool of this session: did you mean "Bash"? (tools are named like "bash", Claude Code's names like "Bash" and "Read", or mcp__server__tool); permissions.deny: "reed_file" in ${join(root, 'named.config.json')} names no tool of this session: did you mean "read_file"? (tools are named like "bash", Claude Code's names like "Bash" and "Read", or mcp__server__tool). A rule that names no tool matches nothing.`,
      }),
    );
  });

  it('accepts built-in tools, Claude Code names, delegate tools and mcp__ patterns', async () => {
    const settings = await settingsWith({
      deny: ['bash(rm:*)', 'Read(.env)', 'delegate_explore', 'delegate_*', 'mcp__github__*'],
      allow: ['apply_patch', 'update_agents_md'],
    });
    expect(settings.checkRuleTools).toBeUndefined();
  });

  it("with tool modules, is checked once the modules' tools are known", async () => {
    const module = join(root, 'words.mjs');
    await writeFile(
      module,
      `export default () => ({ tools: [{ definition: { name: 'word_count', description: 'd', inputSchema: { type: 'object' }, kind: 'read', annotations: { readOnly: true }, source: { type: 'built-in' } }, parseArguments: (value) => ({ ok: true, value }), execute: async () => ({ status: 'success', output: 'x' }) }] });`,
    );
    const open = async (deny: string[]) => {
      const configFile = join(root, 'named.config.json');
      await writeFile(
        configFile,
        JSON.stringify({ permissions: { deny }, tools: { modules: ['./words.mjs'] } }),
      );
      const settings = await resolveSessionSettings({
        root,
        env: {},
        userFile: join(root, 'no-user-config.json'),
        configFile,
        notice: () => {},
      });
      const session = await createSessionSurface({
        root,
        config: settings.config,
        mode: 'auto',
        sandbox: 'unconfined',
        ...(settings.checkRuleTools ? { checkToolNames: settings.checkRuleTools } : {}),
      });
      await session.close();
    };
    await expect(open(['word_count'])).resolves.toBeUndefined();
    await expect(open(['word_cont'])).rejects.toThrow('did you mean "word_count"?');
  });
});
