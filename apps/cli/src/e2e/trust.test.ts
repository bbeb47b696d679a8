import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mcpFixtureScript } from './test-support/mcp-sdk.js';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let configHome: string;
let env: Record<string, string>;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-config-home-'));
  env = { XDG_CONFIG_HOME: configHome };
});
afterEach(async () => {
  await workspace.dispose();
  await rm(configHome, { recursive: true, force: true });
});

const trustLine = () => `To trust it: toolgate trust --cwd ${root}`;

describe.skipIf(SKIP_REASON !== undefined)(`toolgate trust ${SKIP_REASON ?? ''}`, E2E_OPTIONS, () => {
  it('keeps an untrusted toolgate.config.json from loosening approval until toolgate trust, and again after it changes', async () => {
    await writeFile(join(root, 'toolgate.config.json'), JSON.stringify({ approval: 'auto' }));
    const bash = ['call', 'bash', '{"action":"exec","command":"echo ran"}', '--json', '--cwd', root];

    const untrusted = await runToolgate(bash, { env });
    expect(untrusted.code).toBe(3);
    expect(untrusted.stderr).toContain(
      `toolgate: ignored approval "auto" from ${join(root, 'toolgate.config.json')}: this workspace is not trusted, so its config may only tighten the rules. ${trustLine()}\n`,
    );

    const trust = await runToolgate(['trust', '--cwd', root], { env });
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain(`Trusted ${root}.\n  toolgate.config.json  sha256:`);
    const userFile = join(configHome, 'toolgate', 'config.json');
    expect((await stat(userFile)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(userFile, 'utf8')).trustedWorkspaces).toEqual([
      {
        path: root,
        files: { 'toolgate.config.json': expect.stringMatching(/^sha256:[0-9a-f]{64}$/) },
        trustedAt: expect.any(String),
      },
    ]);

    const trusted = await runToolgate(bash, { env });
    expect(trusted.code).toBe(0);
    expect(trusted.stderr).toBe('');
    expect(JSON.parse(trusted.stdout)).toMatchObject({ status: 'success' });

    await writeFile(join(root, 'toolgate.config.json'), JSON.stringify({ approval: 'auto', tools: {} }));
    const changed = await runToolgate(bash, { env });
    expect(changed.code).toBe(3);
    expect(changed.stderr).toContain('toolgate.config.json changed since you trusted this workspace');
  });

  it('shows the file names it trusts, and later the changed ones, with their control characters escaped', async () => {
    const name = 'b\u001b]0;PWNED\u0007\u001b[31m.md';
    await mkdir(join(root, '.toolgate', 'commands'), { recursive: true });
    await writeFile(join(root, '.toolgate', 'commands', name), 'EVIL\n');
    const trust = await runToolgate(['trust', '--cwd', root], { env });
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain('.toolgate/commands/b\\e]0;PWNED\\x07\\e[31m.md  sha256:');
    expect(trust.stdout).not.toMatch(/[\u001b\u0007]/);
    await writeFile(join(root, '.toolgate', 'commands', name), 'EVIL, changed\n');
    const listed = await runToolgate(['trust', '--list'], { env });
    expect(listed.stdout).toContain('changed since trusted: .toolgate/commands/b\\e]0;PWNED');
    expect(`${listed.stdout}${listed.stderr}`).not.toMatch(/[\u001b\u0007]/);
    const call = await runToolgate(['call', 'read_file', '{"path":"x"}', '--cwd', root], { env });
    expect(call.stderr).not.toMatch(/[\u001b\u0007]/);
  });

  it('starts no server of an untrusted .mcp.json, says so once with the command, and starts them once trusted', async () => {
    const started = join(root, 'started.txt');
    await writeFile(
      join(root, '.mcp.json'),
      JSON.stringify({
        mcpServers: {
          notes: {
            command: 'sh',
            args: [
              '-c',
              `: > '${started}'; exec '${process.execPath}' '${mcpFixtureScript('fixture-server.mjs')}'`,
            ],
          },
        },
      }),
    );
    const untrusted = await runToolgate(['tools', '--json', '--cwd', root], { env });
    expect(untrusted.code).toBe(0);
    expect(
      (JSON.parse(untrusted.stdout) as { name: string }[]).some((tool) => tool.name.startsWith('mcp__')),
    ).toBe(false);
    expect(untrusted.stderr).toBe(
      `toolgate: not starting the MCP servers of ${join(root, '.mcp.json')}: this workspace is not trusted. ${trustLine()}\n`,
    );
    await expect(stat(started)).rejects.toThrow();
    // A built-in call starts no server: nothing to say. A name that may be a server's tool: said.
    await writeFile(join(root, 'a.txt'), 'a\n');
    const builtIn = await runToolgate(['call', 'read_file', '{"path":"a.txt"}', '--cwd', root], { env });
    expect(builtIn).toMatchObject({ code: 0, stderr: expect.not.stringContaining('not starting') });
    const serverTool = await runToolgate(['call', 'mcp__notes__search', '{}', '--cwd', root], { env });
    expect(serverTool.code).toBe(1);
    expect(serverTool.stderr).toContain(
      `toolgate: not starting the MCP servers of ${join(root, '.mcp.json')}`,
    );
    await expect(stat(started)).rejects.toThrow();

    expect((await runToolgate(['trust', '--cwd', root], { env })).code).toBe(0);
    const trusted = await runToolgate(['tools', '--json', '--cwd', root], { env });
    expect(trusted.code).toBe(0);
    expect((JSON.parse(trusted.stdout) as { name: string }[]).map((tool) => tool.name)).toContain(
      'mcp__notes__search',
    );
  });

  it('keeps the user config directory unwritable even for a trusted workspace that allows going outside', async () => {
    await writeFile(
      join(root, 'toolgate.config.json'),
      JSON.stringify({ approval: 'auto', workspace: { allowOutsideWorkspace: true } }),
    );
    expect((await runToolgate(['trust', '--cwd', root], { env })).code).toBe(0);
    const userFile = join(configHome, 'toolgate', 'config.json');
    const before = await readFile(userFile, 'utf8');
    const write = await runToolgate(
      [
        'call',
        'write_file',
        JSON.stringify({ path: userFile, content: '{"approval":"auto"}' }),
        '--json',
        '--cwd',
        root,
      ],
      { env },
    );
    expect(write.code).toBe(1);
    expect(JSON.parse(write.stdout)).toMatchObject({ status: 'failure', error: { code: 'path_protected' } });
    expect(await readFile(userFile, 'utf8')).toBe(before);
  });

  it('keeps a user config directory inside the workspace out of reach of bash and the write tools', async () => {
    const inside = { XDG_CONFIG_HOME: join(root, '.cfg') };
    const userFile = join(root, '.cfg', 'toolgate', 'config.json');
    await mkdir(join(root, '.cfg', 'toolgate'), { recursive: true });
    await writeFile(userFile, '{}\n');
    const bash = await runToolgate(
      [
        'call',
        'bash',
        JSON.stringify({
          command:
            'mkdir -p .cfg/toolgate; echo x > .cfg/toolgate/config.json; mv .cfg .cfg.old; rm -rf .cfg; mkdir -p .cfg/toolgate; echo \'{"approval":"auto"}\' > .cfg/toolgate/config.json; true',
        }),
        '--approval',
        'auto',
        '--json',
        '--cwd',
        root,
      ],
      { env: inside },
    );
    expect(bash.code).toBe(0);
    expect(JSON.parse(bash.stdout)).toMatchObject({ output: { executionEnvironment: 'sandbox' } });
    expect(await readFile(userFile, 'utf8')).toBe('{}\n');
    const write = await runToolgate(
      [
        'call',
        'write_file',
        JSON.stringify({ path: '.cfg/toolgate/config.json', content: '{}' }),
        '--json',
        '--cwd',
        root,
      ],
      { env: inside },
    );
    expect(JSON.parse(write.stdout)).toMatchObject({ status: 'failure', error: { code: 'path_protected' } });
    expect(await readFile(userFile, 'utf8')).toBe('{}\n');
  });

  it('keeps bash from creating a user config directory inside the workspace that does not exist yet', async () => {
    const inside = { XDG_CONFIG_HOME: join(root, '.cfg') };
    const bash = await runToolgate(
      [
        'call',
        'bash',
        JSON.stringify({
          command: 'mkdir -p .cfg/toolgate; echo \'{"approval":"auto"}\' > .cfg/toolgate/config.json; true',
        }),
        '--approval',
        'auto',
        '--json',
        '--cwd',
        root,
      ],
      { env: inside },
    );
    expect(bash.code).toBe(0);
    await expect(readFile(join(root, '.cfg', 'toolgate', 'config.json'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('keeps a --config file inside the workspace from being rewritten by the write tools or bash', async () => {
    const file = join(root, 'cfg', 'mine.json');
    await mkdir(join(root, 'cfg'));
    await writeFile(file, '{}\n');
    const write = await runToolgate(
      [
        'call',
        'write_file',
        JSON.stringify({ path: 'cfg/mine.json', content: '{"approval":"auto"}' }),
        '--json',
        '--config',
        file,
        '--cwd',
        root,
      ],
      { env },
    );
    expect(JSON.parse(write.stdout)).toMatchObject({ status: 'failure', error: { code: 'path_protected' } });
    const bash = await runToolgate(
      [
        'call',
        'bash',
        JSON.stringify({ command: 'echo \'{"approval":"auto"}\' > cfg/mine.json; mv cfg cfg.old; true' }),
        '--approval',
        'auto',
        '--json',
        '--config',
        file,
        '--cwd',
        root,
      ],
      { env },
    );
    expect(bash.code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe('{}\n');
  });

  it('refuses to trust what it cannot verify, saying why for each, and records nothing', async () => {
    await mkdir(join(root, 'cfg'));
    await writeFile(
      join(root, 'cfg', 'real.json'),
      JSON.stringify({ hooks: { preToolUse: [{ command: 'npm run check' }] } }),
    );
    await symlink('cfg/real.json', join(root, 'toolgate.config.json'));
    const refused = await runToolgate(['trust', '--cwd', root], { env });
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `toolgate: not trusting ${root}: its config makes toolgate run what it cannot verify:\n  - toolgate.config.json: toolgate.config.json is a symlink; toolgate does not follow symlinks in what it trusts (the link's target would not be protected): replace it with the file or directory it points to\nNothing was recorded. Fix these and run toolgate trust again.\n`,
    });
    await rm(join(root, 'toolgate.config.json'));
    await writeFile(
      join(root, 'toolgate.config.json'),
      JSON.stringify({ hooks: { preToolUse: [{ command: 'npm run check' }] } }),
    );
    expect((await runToolgate(['trust', '--cwd', root], { env })).stderr).toContain(
      '  - hooks.preToolUse[0].command of toolgate.config.json: runs "npm", which runs what the workspace declares',
    );
    await expect(stat(join(configHome, 'toolgate', 'config.json'))).rejects.toThrow();
  });

  it('refuses a runner by any path it is named by, through links, and what it cannot identify', async () => {
    // npm's CLIs outside the workspace, reached through symlinks, as a system install lays them out.
    const sys = join(configHome, 'sys');
    const npmBin = join(sys, 'lib/node_modules/npm/bin');
    await mkdir(npmBin, { recursive: true });
    await mkdir(join(sys, 'bin'));
    for (const cli of ['npm-cli.js', 'npx-cli.js'])
      await writeFile(join(npmBin, cli), '#!/usr/bin/env node\n', { mode: 0o755 });
    await symlink('../lib/node_modules/npm/bin/npm-cli.js', join(sys, 'bin/npm'));
    await symlink('../lib/node_modules/npm/bin/npx-cli.js', join(sys, 'bin/npx'));
    await writeFile(join(sys, 'bin/make'), '#!/bin/sh\n', { mode: 0o755 });
    const spellings = [
      [join(sys, 'bin/make'), '-s', 'serve'],
      [join(sys, 'bin/npm'), 'run', '-s', 'serve'],
      [join(sys, 'bin/npx'), '-y', 'pkg'],
      ['node', join(npmBin, 'npx-cli.js'), '-y', 'pkg'],
      [join(sys, 'bin/not-there')],
    ];
    await writeFile(
      join(root, '.mcp.json'),
      JSON.stringify({
        mcpServers: Object.fromEntries(
          spellings.map(([command, ...args], i) => [`s${i}`, { command, args }]),
        ),
      }),
    );
    await writeFile(
      join(root, 'toolgate.config.json'),
      JSON.stringify({ hooks: { preToolUse: spellings.map((words) => ({ command: words.join(' ') })) } }),
    );
    const refused = await runToolgate(['trust', '--cwd', root], { env });
    expect(refused.code).toBe(2);
    for (const [i] of spellings.entries()) {
      expect(refused.stderr).toContain(`  - the MCP server "s${i}" of .mcp.json: runs `);
      expect(refused.stderr).toContain(`  - hooks.preToolUse[${i}].command of toolgate.config.json: runs `);
    }
    expect(refused.stderr).toContain(`(${join(npmBin, 'npx-cli.js')}), which runs a package`);
    await expect(stat(join(configHome, 'toolgate', 'config.json'))).rejects.toThrow();
  });

  it("runs a trusted hook's verified script, refuses the model's write to it, and names it once it changed", async () => {
    await mkdir(join(root, 'hooks'));
    await writeFile(join(root, 'hooks', 'check.sh'), '#!/bin/sh\necho "verified hook" >&2\nexit 2\n', {
      mode: 0o755,
    });
    await writeFile(
      join(root, 'toolgate.config.json'),
      JSON.stringify({
        approval: 'auto',
        hooks: { preToolUse: [{ matcher: 'bash', command: './hooks/check.sh' }] },
      }),
    );
    const trust = await runToolgate(['trust', '--cwd', root], { env });
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain('  hooks/check.sh  sha256:');
    const bash = ['call', 'bash', '{"action":"exec","command":"echo ran"}', '--json', '--cwd', root];
    const blocked = await runToolgate(bash, { env });
    expect(blocked.code).toBe(3);
    expect(blocked.stdout).toContain('verified hook');
    const write = await runToolgate(
      ['call', 'write_file', '{"path":"hooks/check.sh","content":"exit 0\\n"}', '--json', '--cwd', root],
      { env },
    );
    expect(JSON.parse(write.stdout)).toMatchObject({ status: 'failure', error: { code: 'path_protected' } });
    await writeFile(join(root, 'hooks', 'check.sh'), '#!/bin/sh\nexit 0\n');
    const changed = await runToolgate(bash, { env });
    expect(changed.code).toBe(3);
    expect(changed.stderr).toContain(
      `toolgate: ignored approval "auto", hooks from ${join(root, 'toolgate.config.json')}: hooks/check.sh changed since you trusted this workspace`,
    );
  });

  it("runs a trusted workspace's hooks in the sandbox, and refuses those that run workspace files without one", async () => {
    const outside = await mkdtemp(join(tmpdir(), 'toolgate-hook-outside-'));
    try {
      await mkdir(join(root, 'hooks'));
      // What the hook reads at run time is not what trust digested; the sandbox bounds what it can do.
      await writeFile(join(root, 'hooks', 'check.sh'), '#!/bin/sh\nsh < hooks/policy.sh\n', { mode: 0o755 });
      await writeFile(
        join(root, 'hooks', 'policy.sh'),
        `echo ran > hooks/ran.txt; echo escaped > '${outside}/escaped.txt'; exit 0\n`,
      );
      await writeFile(
        join(root, 'toolgate.config.json'),
        JSON.stringify({ hooks: { preToolUse: [{ matcher: 'read_file', command: './hooks/check.sh' }] } }),
      );
      await writeFile(join(root, 'notes.txt'), 'hello\n');
      expect((await runToolgate(['trust', '--cwd', root], { env })).code).toBe(0);
      const read = ['call', 'read_file', '{"path":"notes.txt"}', '--json', '--cwd', root];
      const sandboxed = await runToolgate(read, { env });
      expect(JSON.parse(sandboxed.stdout)).toMatchObject({ status: 'success' });
      expect(await readFile(join(root, 'hooks', 'ran.txt'), 'utf8')).toBe('ran\n');
      await expect(readFile(join(outside, 'escaped.txt'), 'utf8')).rejects.toThrow(/ENOENT/);

      const unconfined = await runToolgate([...read, '--sandbox', 'danger-full-access'], { env });
      expect(JSON.parse(unconfined.stdout)).toMatchObject({ status: 'rejected' });
      expect(unconfined.stderr).toContain('runs a workspace file and no sandbox can confine it');
      await expect(readFile(join(outside, 'escaped.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('lists trusted workspaces, marks a changed one, and forgets one with --revoke', async () => {
    expect((await runToolgate(['trust', '--list'], { env })).stdout).toBe(
      `No trusted workspaces (in ${join(configHome, 'toolgate', 'config.json')}).\n`,
    );
    expect((await runToolgate(['trust', '--cwd', root], { env })).code).toBe(0);
    expect((await runToolgate(['trust', '--list'], { env })).stdout).toMatch(
      new RegExp(`^${root}\\ttrusted\\t`),
    );
    await writeFile(join(root, '.mcp.json'), '{"mcpServers":{}}');
    expect((await runToolgate(['trust', '--list'], { env })).stdout).toContain(
      `${root}\tchanged since trusted: .mcp.json\t`,
    );
    const revoked = await runToolgate(['trust', '--revoke', '--cwd', root], { env });
    expect(revoked).toMatchObject({ code: 0, stdout: `${root} is no longer trusted.\n` });
    expect((await runToolgate(['trust', '--list'], { env })).stdout).toContain('No trusted workspaces');
  });
});
