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
