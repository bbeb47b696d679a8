import { mkdir, mkdtemp, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectWorkspaceConfig } from './inspect-workspace-config.js';
import { loadSessionConfig, loadUserConfig } from './load-session-config.js';
import { writeUserConfig } from './write-user-config.js';

let directory: string;
let root: string;
let userFile: string;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-trust-')));
  root = join(directory, 'repo');
  await mkdir(root);
  userFile = join(directory, 'config', 'toolgate', 'config.json');
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function trustNow(path = root): Promise<void> {
  const user = await loadUserConfig(userFile);
  await writeUserConfig(userFile, {
    ...user,
    trustedWorkspaces: [
      { path, files: (await inspectWorkspaceConfig(path)).files, trustedAt: '2026-01-01T00:00:00.000Z' },
    ],
  });
}

const LOOSE = { approval: 'auto', workspace: { allowOutsideWorkspace: true } };
const userDirectory = () => join(directory, 'config', 'toolgate');
let userDirectoryOnly: object;
beforeEach(() => {
  userDirectoryOnly = { workspace: { protectedPaths: [userDirectory(), './.claude/commands'] } };
});
const withUserDirectory = (config: { readonly workspace?: object; readonly [key: string]: unknown }) => ({
  ...config,
  workspace: { ...config.workspace, protectedPaths: [userDirectory(), './.claude/commands'] },
});

describe('loadSessionConfig', () => {
  it('ignores a looser approval and the way outside from an untrusted workspace, with one notice naming the command', async () => {
    await writeFile(join(root, 'toolgate.config.json'), JSON.stringify(LOOSE));
    const loaded = await loadSessionConfig({ root, userFile });
    expect(loaded.config).toEqual(userDirectoryOnly);
    expect(loaded.trust).toEqual({ state: 'untrusted' });
    expect(loaded.notices).toEqual([
      `toolgate: ignored approval "auto", workspace.allowOutsideWorkspace true from ${join(root, 'toolgate.config.json')}: this workspace is not trusted, so its config may only tighten the rules. To trust it: toolgate trust --cwd ${root}`,
    ]);
  });

  it('applies the workspace config once trusted, and distrusts it again when a config file changes or appears', async () => {
    await writeFile(join(root, 'toolgate.config.json'), JSON.stringify(LOOSE));
    await trustNow();
    expect(await loadSessionConfig({ root, userFile })).toMatchObject({
      config: {
        ...LOOSE,
        workspace: {
          ...LOOSE.workspace,
          protectedPaths: [userDirectory(), './.claude/commands', './toolgate.config.json'],
        },
      },
      trust: { state: 'trusted' },
      notices: [],
    });
    await writeFile(join(root, '.mcp.json'), '{"mcpServers":{}}');
    expect((await loadSessionConfig({ root, userFile })).trust).toEqual({
      state: 'changed',
      files: ['.mcp.json'],
    });
    await rm(join(root, '.mcp.json'));
    await mkdir(join(root, '.toolgate', 'hooks'), { recursive: true });
    await writeFile(join(root, '.toolgate', 'hooks', 'pre.sh'), 'true\n');
    expect((await loadSessionConfig({ root, userFile })).trust).toEqual({
      state: 'changed',
      files: ['.toolgate/hooks/pre.sh'],
    });
    await rm(join(root, '.toolgate'), { recursive: true });
    await writeFile(join(root, 'toolgate.config.json'), JSON.stringify({ ...LOOSE, approval: 'safe' }));
    const changed = await loadSessionConfig({ root, userFile });
    expect(changed.config).toEqual({ approval: 'safe', ...userDirectoryOnly });
    expect(changed.notices[0]).toContain('toolgate.config.json changed since you trusted this workspace');
  });

  it('trusts by real path: the same workspace through a symlink is trusted, a copy elsewhere is not', async () => {
    await writeFile(join(root, 'toolgate.config.json'), JSON.stringify(LOOSE));
    await trustNow();
    await symlink(root, join(directory, 'link'));
    expect((await loadSessionConfig({ root: join(directory, 'link'), userFile })).trust.state).toBe(
      'trusted',
    );
    const copy = join(directory, 'copy');
    await mkdir(copy);
    await writeFile(join(copy, 'toolgate.config.json'), JSON.stringify(LOOSE));
    expect((await loadSessionConfig({ root: copy, userFile })).trust.state).toBe('untrusted');
  });

  it('takes settings from the user file, which is always trusted, under the project file', async () => {
    await writeUserConfig(userFile, { approval: 'auto', tools: { read_file: { maxChars: 10 } } });
    await writeFile(
      join(root, 'toolgate.config.json'),
      JSON.stringify({ tools: { read_file: { maxChars: 20 } } }),
    );
    expect(await loadSessionConfig({ root, userFile })).toMatchObject({
      config: withUserDirectory({ approval: 'auto', tools: { read_file: { maxChars: 20 } } }),
      notices: [],
    });
  });

  it('trusts a config file the person names with --config', async () => {
    const file = join(directory, 'mine.json');
    await writeFile(file, JSON.stringify(LOOSE));
    expect(await loadSessionConfig({ root, userFile, configFile: file })).toMatchObject({
      config: withUserDirectory(LOOSE),
      notices: [],
    });
  });

  it('protects a --config file inside the workspace and the tool modules it loads from there', async () => {
    await mkdir(join(root, 'cfg', 'tools'), { recursive: true });
    const file = join(root, 'cfg', 'mine.json');
    await writeFile(file, JSON.stringify({ tools: { modules: ['./tools/mine.mjs'] } }));
    await writeFile(join(root, 'cfg', 'tools', 'mine.mjs'), "import './helper.mjs';\nexport default [];\n");
    await writeFile(join(root, 'cfg', 'tools', 'helper.mjs'), 'export {};\n');
    const loaded = await loadSessionConfig({ root, userFile, configFile: file });
    expect(loaded.config.workspace?.protectedPaths).toEqual(
      expect.arrayContaining(['./cfg/mine.json', './cfg/tools/mine.mjs', './cfg/tools/helper.mjs']),
    );
  });

  it('refuses an invalid user file, naming it and the key', async () => {
    await writeUserConfig(userFile, { approval: 'sometimes' });
    await expect(loadSessionConfig({ root, userFile })).rejects.toThrow(`Invalid config file ${userFile}:`);
  });
});

describe('writeUserConfig', () => {
  it('creates the file with mode 0600 in a 0700 directory and leaves no temporary file', async () => {
    await writeUserConfig(userFile, { approval: 'safe' });
    await writeUserConfig(userFile, { approval: 'manual' });
    expect((await stat(userFile)).mode & 0o777).toBe(0o600);
    expect((await stat(join(directory, 'config', 'toolgate'))).mode & 0o777).toBe(0o700);
    expect(await loadUserConfig(userFile)).toEqual({ approval: 'manual' });
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(join(directory, 'config', 'toolgate'))).toEqual(['config.json']);
  });

  it('runs the hooks of the user file always and those of a workspace only once trusted, each naming its file', async () => {
    await mkdir(userDirectory(), { recursive: true });
    await writeFile(
      userFile,
      JSON.stringify({ hooks: { preToolUse: [{ command: 'mine.sh', timeout: 2 }] } }),
    );
    const projectFile = join(root, 'toolgate.config.json');
    await writeFile(
      projectFile,
      JSON.stringify({
        hooks: {
          preToolUse: [{ matcher: 'bash', command: 'true theirs' }],
          postToolUse: [{ command: 'echo post' }],
        },
      }),
    );
    const mine = { command: 'mine.sh', source: userFile, timeoutMs: 2000 };
    const untrusted = await loadSessionConfig({ root, userFile });
    expect(untrusted.hooks).toEqual({ preToolUse: [mine] });
    expect(untrusted.notices[0]).toContain('ignored hooks from');
    await trustNow();
    expect((await loadSessionConfig({ root, userFile })).hooks).toEqual({
      // A workspace's hooks run in the session's sandbox when there is one.
      preToolUse: [
        mine,
        { command: 'true theirs', matcher: 'bash', source: projectFile, sandbox: 'preferred' },
      ],
      postToolUse: [{ command: 'echo post', source: projectFile, sandbox: 'preferred' }],
    });
  });

  it("resolves tool modules from the file that names them, and loads a workspace's only once it is trusted", async () => {
    await mkdir(dirname(userFile), { recursive: true });
    await writeFile(join(dirname(userFile), 'mine.mjs'), '');
    await writeFile(join(root, 'theirs.mjs'), '');
    await writeUserConfig(userFile, { tools: { modules: ['./mine.mjs'] } });
    await writeFile(
      join(root, 'toolgate.config.json'),
      JSON.stringify({ tools: { modules: ['./theirs.mjs'] } }),
    );
    const untrusted = await loadSessionConfig({ root, userFile });
    expect(untrusted.config.tools?.modules).toEqual([join(dirname(userFile), 'mine.mjs')]);
    expect(untrusted.notices[0]).toContain('ignored tools.modules ["./theirs.mjs"]');
    await trustNow();
    const trusted = await loadSessionConfig({ root, userFile });
    // The workspace's module is imported from the verified copy, never from its path again.
    expect(trusted.config.tools?.modules).toEqual([
      join(dirname(userFile), 'mine.mjs'),
      expect.stringMatching(/\/toolgate-verified-[^/]+\/theirs\.mjs$/),
    ]);
    await writeUserConfig(userFile, {
      ...(await loadUserConfig(userFile)),
      tools: { modules: ['@acme/none'] },
    });
    await expect(loadSessionConfig({ root, userFile })).rejects.toThrow(
      `Invalid config file ${userFile}:\n  tools.modules[0]: cannot find tool module "@acme/none" (looked from ${dirname(userFile)})`,
    );
  });
});
