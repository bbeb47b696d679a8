import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHostSession } from '../session/open-host-session.js';
import { ConfigError } from './config-error.js';
import { describeManagedPolicy } from './describe-managed-policy.js';
import { inspectWorkspaceConfig } from './inspect-workspace-config.js';
import { managedMcpRefusal, managedSandbox } from './managed-limits.js';
import { resolveSessionSettings } from './resolve-session-settings.js';
import { writeUserConfig } from './write-user-config.js';

let directory: string;
let root: string;
let userFile: string;
let systemFile: string;
let extraFile: string;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-managed-')));
  root = join(directory, 'repo');
  await mkdir(root);
  await writeFile(join(root, 'notes.txt'), 'one\n');
  userFile = join(directory, 'config', 'toolgate', 'config.json');
  systemFile = join(directory, 'etc', 'managed.json');
  extraFile = join(directory, 'extra-managed.json');
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function put(file: string, value: object | string): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
}

/** The settings of the temp workspace, with the system file and (when written) the extra one. */
async function settings(options: { extra?: boolean; env?: Record<string, string> } = {}) {
  const notices: string[] = [];
  const resolved = await resolveSessionSettings({
    root,
    userFile,
    systemManagedFile: systemFile,
    env: { ...(options.extra ? { TOOLGATE_MANAGED_SETTINGS: extraFile } : {}), ...options.env },
    notice: (line) => notices.push(line),
  });
  return { settings: resolved, notices };
}

/** The workspace's config, trusted as `toolgate trust` records it. */
async function trustedWorkspace(config: object, user: object): Promise<void> {
  await put(join(root, 'toolgate.config.json'), config);
  const inspection = await inspectWorkspaceConfig(root);
  await writeUserConfig(userFile, {
    ...user,
    trustedWorkspaces: [{ path: root, files: inspection.files, trustedAt: '2026-01-01T00:00:00.000Z' }],
  });
}

async function call(
  resolved: Awaited<ReturnType<typeof settings>>['settings'],
  name: string,
  args: Record<string, unknown>,
) {
  const session = await openHostSession(resolved, {
    answeredBy: 'test',
    env: {},
    notice: () => {},
    purpose: { kind: 'call', tool: name },
  });
  try {
    return await session.surface.executor.execute({ id: 'c1', name, arguments: args });
  } finally {
    await session.close();
  }
}

describe('managed settings', () => {
  it('a managed deny beats a user allow and a trusted workspace allow, and names its file', async () => {
    await trustedWorkspace(
      { permissions: { allow: ['write_file'] } },
      { approval: 'auto', permissions: { allow: ['write_file(notes.txt)'] } },
    );
    await put(systemFile, { permissions: { deny: ['write_file(notes.txt)'] } });
    const { settings: resolved } = await settings();
    expect(resolved.trust.state).toBe('trusted');
    const result = await call(resolved, 'write_file', { path: 'notes.txt', content: 'x' });
    expect(result.status === 'rejected' && { by: result.by, reason: result.reason }).toEqual({
      by: 'rule',
      reason: expect.stringContaining(`managed settings ${systemFile}`),
    });
    expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('one\n');
  });

  it('allowManagedRulesOnly leaves the user’s and the workspace’s allows out, saying so', async () => {
    await trustedWorkspace(
      { permissions: { allow: ['write_file'] } },
      { approval: 'manual', permissions: { allow: ['write_file(notes.txt)'] } },
    );
    await put(systemFile, { permissions: { allowManagedRulesOnly: true, allow: ['read_file'] } });
    const { settings: resolved, notices } = await settings();
    const write = await call(resolved, 'write_file', { path: 'notes.txt', content: 'x' });
    const read = await call(resolved, 'read_file', { path: 'notes.txt' });
    // manual mode asks about both; only the managed allow lets one run (no approver: the write is refused).
    expect({ write: write.status, read: read.status }).toEqual({ write: 'rejected', read: 'success' });
    expect(notices.join('\n')).toContain('allowManagedRulesOnly');
  });

  it('a managed hook-only policy runs the managed hooks and ignores the user’s', async () => {
    await writeUserConfig(userFile, { hooks: { preToolUse: [{ command: 'cat > user-hook.json' }] } });
    await put(systemFile, {
      hooks: { allowManagedHooksOnly: true, preToolUse: [{ command: 'cat > managed-hook.json' }] },
    });
    const { settings: resolved, notices } = await settings();
    expect((await call(resolved, 'read_file', { path: 'notes.txt' })).status).toBe('success');
    expect({
      managed: JSON.parse(await readFile(join(root, 'managed-hook.json'), 'utf8')).hook_event_name,
      user: existsSync(join(root, 'user-hook.json')),
    }).toEqual({ managed: 'PreToolUse', user: false });
    expect(notices.join('\n')).toContain('allowManagedHooksOnly');
  });

  it.each([
    ['a directory', async () => mkdir(extraFile)],
    ['not JSON', async () => put(extraFile, '{ "permissions": ')],
    ['an unknown key', async () => put(extraFile, { permisions: { deny: ['bash'] } })],
    ['missing', async () => {}],
  ])('an extra managed file that is %s stops the session from starting', async (_what, make) => {
    await make();
    const error = await settings({ extra: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/managed settings file: no session starts until/);
    expect((error as Error).message).toContain(extraFile);
  });

  it('a system managed file that cannot be read stops the session; an absent one is no policy', async () => {
    expect((await settings()).settings.managed.files).toEqual([]);
    await mkdir(systemFile, { recursive: true });
    await expect(settings()).rejects.toThrow(/no session starts until it can be read/);
  });

  it('keeps the mode within the least strict one allowed, also when the host switches', async () => {
    await put(systemFile, { approval: { leastStrict: 'manual' } });
    const { settings: resolved, notices } = await settings({ env: { TOOLGATE_APPROVAL: 'auto' } });
    expect(resolved.mode).toBe('manual');
    expect(notices.join('\n')).toContain('approval mode auto is not allowed here; running in manual');
    const session = await openHostSession(resolved, {
      answeredBy: 'test',
      env: {},
      notice: () => {},
      mode: () => 'auto',
      purpose: { kind: 'call', tool: 'write_file' },
    });
    const result = await session.surface.executor.execute({
      id: 'c1',
      name: 'write_file',
      arguments: { path: 'new.txt', content: 'x' },
    });
    await session.close();
    // manual asks about every call; with no approver it is refused.
    expect({ status: result.status, written: existsSync(join(root, 'new.txt')) }).toEqual({
      status: 'rejected',
      written: false,
    });
  });

  it('the extra file only adds restrictions: its allows and hooks are left out beside the system file', async () => {
    await put(systemFile, { permissions: { deny: ['bash'] }, approval: { leastStrict: 'auto' } });
    await put(extraFile, {
      permissions: { allow: ['write_file'], deny: ['edit'] },
      approval: { leastStrict: 'manual' },
      hooks: { preToolUse: [{ command: 'true' }] },
    });
    const { settings: resolved, notices } = await settings({ extra: true });
    expect({
      files: resolved.managed.files,
      mode: resolved.managed.leastStrictApproval?.mode,
      rules: resolved.managed.rules.map((rule) => `${rule.list} ${rule.text}`),
      hooks: resolved.managed.hooks.preToolUse ?? [],
    }).toEqual({
      files: [systemFile, extraFile],
      mode: 'manual',
      rules: ['deny bash', 'deny edit'],
      hooks: [],
    });
    expect(notices).toContain(
      `toolgate: ignored permissions.allow and hooks of ${extraFile}: beside ${systemFile} it may only add restrictions.`,
    );
  });

  it('writes the managed audit log whatever the user configures, and protects the managed files', async () => {
    const audit = join(directory, 'managed-audit.jsonl');
    await put(systemFile, { audit });
    const { settings: resolved } = await settings();
    expect(resolved.config.workspace?.protectedPaths).toContain(systemFile);
    expect((await call(resolved, 'read_file', { path: 'notes.txt' })).status).toBe('success');
    expect(JSON.parse((await readFile(audit, 'utf8')).trim())).toMatchObject({
      tool: 'read_file',
      status: 'success',
    });
  });

  it('refuses a tool module outside the managed allowlist', async () => {
    await put(join(directory, 'mod', 'index.mjs'), 'export default () => ({ tools: [] });');
    await writeUserConfig(userFile, { tools: { modules: ['../../mod/index.mjs'] } });
    await put(systemFile, { tools: { allowedModules: ['@team/tools'] } });
    await expect(settings()).rejects.toThrow(/tool module "..\/..\/mod\/index.mjs" is not in the allowlist/);
  });

  it('admits an MCP server only by its name with its command or URL', async () => {
    await put(systemFile, {
      mcp: {
        allowedServers: [
          { name: 'docs', command: 'docs-server' },
          { name: 'api', url: 'https://a.example/mcp' },
        ],
      },
    });
    const { managed } = (await settings()).settings;
    expect([
      managedMcpRefusal(managed, 'docs', { type: 'stdio', command: 'docs-server' }),
      managedMcpRefusal(managed, 'docs', { type: 'stdio', command: 'sh' }),
      managedMcpRefusal(managed, 'api', { type: 'http', url: 'https://a.example/mcp' }),
      managedMcpRefusal(managed, 'other', { type: 'http', url: 'https://a.example/mcp' }),
    ]).toEqual([
      undefined,
      expect.stringContaining('not in the MCP allowlist'),
      undefined,
      expect.stringContaining('not in the MCP allowlist'),
    ]);
  });

  it('holds the sandbox to the managed floor, requires it and keeps the network off', async () => {
    await put(systemFile, { sandbox: { leastStrict: 'workspace-write', network: false } });
    const { managed } = (await settings()).settings;
    expect(managedSandbox(managed, { flag: 'danger-full-access' }, { network: true })).toEqual({
      mode: 'workspace-write',
      network: false,
      requiredBy: `sandbox.leastStrict in managed settings ${systemFile}`,
    });
    expect(managedSandbox(managed, { config: 'read-only' }, { network: false })).toMatchObject({
      mode: 'read-only',
    });
  });
  it('holds the limits to the managed ceilings, the lower of both files', async () => {
    await writeUserConfig(userFile, { limits: { maxToolCallsPerTurn: 500, maxTurnSeconds: 10 } });
    await put(systemFile, { limits: { maxToolCallsPerTurn: 100, maxSessionTokens: 9000 } });
    await put(extraFile, { limits: { maxSessionTokens: 5000 } });
    const { settings: resolved } = await settings({ extra: true });
    expect(resolved.config.limits).toEqual({
      maxToolCallsPerTurn: 100,
      maxTurnSeconds: 10,
      maxSessionTokens: 5000,
    });
  });
  it('describes the managed entries as such, for `toolgate permissions`', async () => {
    await put(systemFile, {
      permissions: { deny: ['bash(curl *)'], allowManagedRulesOnly: true },
      approval: { leastStrict: 'safe' },
      hooks: { stop: [{ command: 'check-done' }] },
    });
    const { managed } = (await settings()).settings;
    expect(describeManagedPolicy(managed)).toEqual([
      `managed settings: ${systemFile}`,
      `  managed  deny bash(curl *)  (managed settings ${systemFile})`,
      `  managed  allowManagedRulesOnly: user and workspace allow rules are ignored  (managed settings ${systemFile})`,
      `  managed  approval.leastStrict safe  (managed settings ${systemFile})`,
      `  managed  hook stop: check-done  (managed settings ${systemFile})`,
    ]);
    expect(describeManagedPolicy((await settings({ env: {} })).settings.managed)).toHaveLength(5);
  });
});
