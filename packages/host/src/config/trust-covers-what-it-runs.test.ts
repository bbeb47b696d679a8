import { link, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createToolSurface } from '@toolgate/core';
import { openBwrapSandbox } from '@toolgate/sandbox-bwrap';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHookCommand } from '../hooks/run-hook-command.js';
import { createSessionTools, type SessionToolSet } from '../session/create-session-tools.js';
import { loadToolModules } from '../tool-modules/load-tool-modules.js';
import { inspectWorkspaceConfig } from './inspect-workspace-config.js';
import { loadSessionConfig, loadUserConfig } from './load-session-config.js';
import type { ToolgateConfig } from './toolgate-config-schema.js';
import { writeUserConfig } from './write-user-config.js';

const bwrapMissing = await (async () => {
  const directory = await mkdtemp(join(tmpdir(), 'toolgate-bwrap-probe-'));
  try {
    const opening = await openBwrapSandbox({ workspaceRoot: directory, mode: 'workspace-write' });
    return opening.ok ? undefined : opening.reason;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
})();
if (bwrapMissing) console.warn(`sandboxed writes to trusted files not tested: ${bwrapMissing}`);

let directory: string;
let root: string;
let userFile: string;
let tools: SessionToolSet | undefined;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-trust-covers-')));
  root = join(directory, 'repo');
  await mkdir(root);
  userFile = join(directory, 'config', 'toolgate', 'config.json');
});
afterEach(async () => {
  await tools?.close();
  tools = undefined;
  await rm(directory, { recursive: true, force: true });
});

async function put(rel: string, content: string): Promise<void> {
  await mkdir(dirname(join(root, rel)), { recursive: true });
  await writeFile(join(root, rel), content, { mode: 0o755 });
}

/** `toolgate trust`: records what trust covers, which must have no refusal. */
async function trust(): Promise<Record<string, string>> {
  const inspection = await inspectWorkspaceConfig(root);
  expect(inspection.refusals).toEqual([]);
  await writeUserConfig(userFile, {
    ...(await loadUserConfig(userFile)),
    trustedWorkspaces: [{ path: root, files: inspection.files, trustedAt: '2026-01-01T00:00:00.000Z' }],
  });
  return inspection.files;
}

async function refusalsOf(config: object, files: Record<string, string> = {}): Promise<readonly string[]> {
  await put('toolgate.config.json', JSON.stringify(config));
  for (const [rel, content] of Object.entries(files)) await put(rel, content);
  return (await inspectWorkspaceConfig(root)).refusals;
}

/** The session's own tools, as a host builds them from the loaded config. */
async function sessionTools(config: ToolgateConfig, sandboxed: boolean) {
  tools = await createSessionTools({
    root,
    config,
    sandbox: sandboxed
      ? { mode: 'workspace-write', network: false, requiredBy: 'the test', notice: () => {} }
      : 'unconfined',
  });
  const surface = createToolSurface({ tools: tools.provider });
  let id = 0;
  return async (name: string, args: Record<string, unknown>) => {
    const result = await surface.executor.execute({ id: `c${++id}`, name, arguments: args });
    if (result.status === 'failure') return result.error.code;
    return result.status === 'success' && name === 'bash' ? result.output : result.status;
  };
}

const HOOK = '#!/bin/sh\necho verified\n';
const hookConfig = (command: string) => ({ approval: 'auto', hooks: { preToolUse: [{ command }] } });

describe('trust covers what a trusted config runs', () => {
  describe('config behind symlinks', () => {
    it('refuses a symlinked toolgate.config.json when trusting and when loading, so its target is never trusted config', async () => {
      await put('cfg/real.json', JSON.stringify({ approval: 'auto' }));
      await symlink('cfg/real.json', join(root, 'toolgate.config.json'));
      const reason =
        "toolgate.config.json is a symlink; toolgate does not follow symlinks in what it trusts (the link's target would not be protected): replace it with the file or directory it points to";
      expect((await inspectWorkspaceConfig(root)).refusals).toEqual([`toolgate.config.json: ${reason}`]);
      await expect(loadSessionConfig({ root, userFile })).rejects.toThrow(
        `Cannot read config file ${join(root, 'toolgate.config.json')}: ${reason}.`,
      );
    });

    it('refuses a .toolgate that is a symlink, and a symlink anywhere under it, and a symlinked .mcp.json', async () => {
      await put('common/agents/a.md', '---\nname: a\ndescription: d\n---\nhi\n');
      await symlink('common', join(root, '.toolgate'));
      await put('real-mcp.json', '{"mcpServers":{}}');
      await symlink('real-mcp.json', join(root, '.mcp.json'));
      expect((await inspectWorkspaceConfig(root)).refusals).toEqual([
        ".mcp.json: .mcp.json is a symlink; toolgate does not follow symlinks in what it trusts (the link's target would not be protected): replace it with the file or directory it points to",
        ".toolgate: .toolgate is a symlink; toolgate does not follow symlinks in what it trusts (the link's target would not be protected): replace it with the file or directory it points to",
      ]);
      await rm(join(root, '.toolgate'));
      await mkdir(join(root, '.toolgate'));
      await symlink('../common/agents', join(root, '.toolgate', 'agents'));
      expect((await inspectWorkspaceConfig(root)).refusals[1]).toEqual(
        ".toolgate/agents: .toolgate/agents is a symlink; toolgate does not follow symlinks in what it trusts (the link's target would not be protected): replace it with the file or directory it points to",
      );
    });

    it('stops trusting a workspace whose config became a symlink after it was trusted', async () => {
      await put('.mcp.json', '{"mcpServers":{}}');
      await trust();
      await put('elsewhere.json', '{"mcpServers":{}}');
      await rm(join(root, '.mcp.json'));
      await symlink('elsewhere.json', join(root, '.mcp.json'));
      expect((await loadSessionConfig({ root, userFile })).trust).toEqual({
        state: 'changed',
        files: ['.mcp.json'],
      });
    });
  });

  describe('hook commands', () => {
    it('digests and protects the script a hook runs, runs its verified copy, and distrusts the workspace when it changes', async () => {
      await put('hooks/check.sh', HOOK);
      await put('toolgate.config.json', JSON.stringify(hookConfig('./hooks/check.sh --strict')));
      expect(Object.keys(await trust())).toEqual(['hooks/check.sh', 'toolgate.config.json']);
      const loaded = await loadSessionConfig({ root, userFile });
      expect(loaded.trust).toEqual({ state: 'trusted' });
      const command = loaded.hooks.preToolUse?.[0]?.command ?? '';
      expect(command).toMatch(/^\/\S+\/toolgate-verified-[^/]+\/hooks\/check\.sh --strict$/);
      expect(loaded.config.workspace?.protectedPaths).toContain('./hooks/check.sh');

      const call = await sessionTools(loaded.config, false);
      expect(await call('write_file', { path: 'hooks/check.sh', content: 'echo model\n' })).toBe(
        'path_protected',
      );
      expect(
        await call('edit', { path: 'hooks/check.sh', old_string: 'verified', new_string: 'model' }),
      ).toBe('path_protected');

      // Whatever changes the file now (a process outside toolgate), the session runs what was verified...
      await put('hooks/check.sh', '#!/bin/sh\necho model\n');
      const run = await runHookCommand({
        command,
        input: '{}',
        cwd: root,
        timeoutMs: 10_000,
        signal: new AbortController().signal,
      });
      expect(run).toEqual({ type: 'exited', exitCode: 0, stdout: 'verified\n', stderr: '' });
      // ...and the next session runs nothing of it, saying which file changed.
      const next = await loadSessionConfig({ root, userFile });
      expect(next.trust).toEqual({ state: 'changed', files: ['hooks/check.sh'] });
      expect(next.hooks).toEqual({});
      expect(next.notices).toEqual([
        `toolgate: ignored approval "auto", hooks from ${join(root, 'toolgate.config.json')}: hooks/check.sh changed since you trusted this workspace, so its config may only tighten the rules. To trust it: toolgate trust --cwd ${root}`,
      ]);
    });

    it.skipIf(bwrapMissing !== undefined)('keeps the hook script read-only for sandboxed bash', async () => {
      await put('hooks/check.sh', HOOK);
      await put('toolgate.config.json', JSON.stringify(hookConfig('sh hooks/check.sh')));
      await trust();
      const call = await sessionTools((await loadSessionConfig({ root, userFile })).config, true);
      expect(
        await call('bash', { action: 'exec', command: 'echo "echo model" > hooks/check.sh; echo "exit $?"' }),
      ).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('exit 1') });
      expect(await readFile(join(root, 'hooks/check.sh'), 'utf8')).toBe(HOOK);
    });

    it('finds the script of an interpreter, an absolute path and $PWD, and digests files the command names', async () => {
      await put('hooks/a.mjs', "import { helper } from './lib/helper.mjs';\nhelper();\n");
      await put('hooks/lib/helper.mjs', 'export function helper() {}\n');
      await put('hooks/b.py', 'print(1)\n');
      await put('hooks/c.sh', 'cat\n');
      await put('hooks/filter.jq', '.tool_name\n');
      await put(
        'toolgate.config.json',
        JSON.stringify({
          hooks: {
            preToolUse: [
              { command: 'node hooks/a.mjs' },
              { command: 'python3 hooks/b.py' },
              { command: `${root}/hooks/c.sh` },
              { command: '"$PWD"/hooks/c.sh' },
              { command: 'jq -f hooks/filter.jq' },
              { command: 'jq -r .tool_name | grep -q bash && exit 2 || exit 0' },
              { command: "sh -c 'cat >/dev/null; exit 0'" },
            ],
          },
        }),
      );
      const inspection = await inspectWorkspaceConfig(root);
      expect(inspection.refusals).toEqual([]);
      expect(Object.keys(inspection.files)).toEqual([
        'hooks/a.mjs',
        'hooks/b.py',
        'hooks/c.sh',
        'hooks/filter.jq',
        'hooks/lib/helper.mjs',
        'toolgate.config.json',
      ]);
    });

    it('refuses at trust time what a hook would run that toolgate cannot verify, saying why', async () => {
      const what = (index: number) => `hooks.preToolUse[${index}].command of toolgate.config.json`;
      expect(
        await refusalsOf(
          {
            hooks: {
              preToolUse: [
                { command: 'npm run check' },
                { command: 'make lint' },
                { command: 'node_modules/.bin/lint' },
                { command: 'bash hooks/h.sh' },
                { command: 'node --import ./hooks/p.mjs hooks/x.mjs' },
                { command: 'jq . | ./hooks/x.sh' },
                { command: 'node hooks/p.mjs' },
                { command: 'sh hooks/dynamic.sh' },
              ],
            },
          },
          {
            'node_modules/.bin/lint': '#!/bin/sh\n',
            'hooks/h.sh': '. hooks/lib.sh\ncheck\n',
            'hooks/lib.sh': 'check() { :; }\n',
            'hooks/x.sh': 'true\n',
            'hooks/p.mjs': "import 'left-pad';\n",
            'hooks/dynamic.sh': '"$(dirname "$0")"/other.sh\n',
          },
        ),
      ).toEqual([
        `${what(0)}: runs "npm", which runs what the workspace declares (package scripts, a Makefile, another command line) and toolgate cannot verify; name a script file in the workspace instead (toolgate digests and protects it)`,
        `${what(1)}: runs "make", which runs what the workspace declares (package scripts, a Makefile, another command line) and toolgate cannot verify; name a script file in the workspace instead (toolgate digests and protects it)`,
        `${what(2)}: runs node_modules/.bin/lint, installed package code whose files and dependencies toolgate cannot verify; name a script of your own instead`,
        `${what(3)}: hooks/h.sh: sources "hooks/lib.sh", which toolgate cannot verify; put what it needs in the script itself`,
        `${what(3)}: hooks/h.sh: runs "check", which is not found on PATH, so toolgate cannot tell what it is`,
        `${what(4)}: node is given options ("--import") before its script; toolgate cannot tell what they load or run. Name the script right after node`,
        `${what(5)}: runs "./hooks/x.sh", a workspace file, from inside a script; toolgate verifies only the file a hook or server command names itself, so name it there`,
        `${what(6)}: hooks/p.mjs imports the package "left-pad"; toolgate runs a workspace's module from a verified copy that can load Node's built-ins and the module's own relative imports only (a package's files and its dependencies cannot be verified). Bundle the module into one file, or name it in your own config file, which needs no trust`,
        `${what(7)}: hooks/dynamic.sh: runs a program whose name is known only when it runs, which toolgate cannot verify`,
      ]);
    });

    it('judges a program by the file that runs, not the word that names it', async () => {
      // A system outside the workspace: npm's CLIs under node_modules, reached through symlinks.
      const sys = join(directory, 'sys');
      const npmBin = join(sys, 'lib/node_modules/npm/bin');
      await mkdir(npmBin, { recursive: true });
      await mkdir(join(sys, 'bin'));
      await mkdir(join(sys, 'share'));
      for (const cli of ['npm-cli.js', 'npx-cli.js'])
        await writeFile(join(npmBin, cli), '#!/usr/bin/env node\n', { mode: 0o755 });
      await symlink('../lib/node_modules/npm/bin/npm-cli.js', join(sys, 'bin/npm'));
      await symlink('../lib/node_modules/npm/bin/npx-cli.js', join(sys, 'bin/npx'));
      await writeFile(join(sys, 'bin/make'), '#!/bin/sh\n', { mode: 0o755 });
      await symlink('make', join(sys, 'bin/serve'));
      await writeFile(join(sys, 'bin/env'), '#!/bin/sh\n', { mode: 0o755 });
      await writeFile(join(sys, 'share/yarn.js'), '\n', { mode: 0o755 });
      const spellings: readonly (readonly string[])[] = [
        [join(sys, 'bin/make'), '-s', 'serve'],
        [join(sys, 'bin/npm'), 'run', '-s', 'serve'],
        [join(sys, 'bin/npx'), '-y', 'pkg'],
        ['node', join(npmBin, 'npx-cli.js'), '-y', 'pkg'],
        ['node', join(sys, 'bin/npx'), '-y', 'pkg'],
        ['node', join(sys, 'share/yarn.js'), 'serve'],
        [join(sys, 'bin/serve')],
        [join(sys, 'bin/env'), 'node', 'x.mjs'],
        ['npx', '-y', 'pkg'],
        [join(sys, 'bin/missing')],
        ['toolgate-no-such-program'],
        ['node', join(sys, 'missing.js')],
      ];
      await put(
        '.mcp.json',
        JSON.stringify({
          mcpServers: Object.fromEntries(
            spellings.map(([command, ...args], index) => [`s${index}`, { command, args }]),
          ),
        }),
      );
      await put(
        'toolgate.config.json',
        JSON.stringify({
          hooks: { preToolUse: spellings.map((words) => ({ command: words.join(' ') })) },
        }),
      );
      const { refusals } = await inspectWorkspaceConfig(root, {
        ...process.env,
        PATH: `${join(sys, 'bin')}:${process.env.PATH ?? ''}`,
      });
      for (const [index] of spellings.entries()) {
        expect(refusals.filter((r) => r.startsWith(`hooks.preToolUse[${index}].command of`))).toHaveLength(1);
        expect(refusals.filter((r) => r.startsWith(`the MCP server "s${index}" of .mcp.json`))).toHaveLength(
          1,
        );
      }
      expect(refusals).toHaveLength(spellings.length * 2);
      // The real node on PATH, running a script outside the workspace that is not a runner, is fine.
      await writeFile(join(sys, 'share/server.mjs'), '\n');
      await put(
        '.mcp.json',
        JSON.stringify({ mcpServers: { ok: { command: 'node', args: [join(sys, 'share/server.mjs')] } } }),
      );
      await put('toolgate.config.json', '{}');
      expect((await inspectWorkspaceConfig(root)).refusals).toEqual([]);
    });

    it('runs a function a hook script defines without looking it up, and refuses a name found nowhere', async () => {
      expect(
        await refusalsOf(
          { hooks: { preToolUse: [{ command: 'sh hooks/fn.sh' }, { command: 'sh hooks/typo.sh' }] } },
          {
            'hooks/fn.sh': 'check() { :; }\nfunction other { :; }\ncheck && other\n',
            'hooks/typo.sh': 'chekc\n',
          },
        ),
      ).toEqual([
        'hooks.preToolUse[1].command of toolgate.config.json: hooks/typo.sh: runs "chekc", which is not found on PATH, so toolgate cannot tell what it is',
      ]);
    });

    it("judges the options of a script's #! line as it judges a command line's", async () => {
      const what = (index: number) => `hooks.preToolUse[${index}].command of toolgate.config.json`;
      expect(
        await refusalsOf(
          {
            hooks: {
              preToolUse: [
                { command: './hooks/a' },
                { command: './hooks/b' },
                { command: './hooks/c' },
                { command: './hooks/d' },
                { command: './hooks/e' },
              ],
            },
          },
          {
            'hooks/a': '#!/usr/bin/env -S node --import ./hooks/setup.mjs\n',
            'hooks/b': '#!/usr/bin/perl -I.\n',
            'hooks/c': '#!/usr/bin/env NODE_OPTIONS=--require=./x.cjs node\n',
            'hooks/d': '#!/bin/sh -eu\ntrue\n',
            'hooks/e': '#!/usr/bin/env node\n',
          },
        ),
      ).toEqual([
        `${what(0)}: hooks/a: its #! line gives node options ("--import"); toolgate cannot tell what they load or run`,
        `${what(1)}: hooks/b: its #! line gives perl options ("-I."); toolgate cannot tell what they load or run`,
        `${what(2)}: hooks/c: its #! line runs env with "NODE_OPTIONS=--require=./x.cjs", which toolgate cannot follow; name the interpreter alone`,
      ]);
    });

    it('refuses a server whose environment changes what its program loads', async () => {
      await put('server/main.mjs', '\n');
      await put(
        '.mcp.json',
        JSON.stringify({
          mcpServers: {
            a: {
              command: 'node',
              args: ['./server/main.mjs'],
              env: { NODE_OPTIONS: '--import ./preload.mjs' },
            },
            b: { command: '/bin/cat', env: { LD_PRELOAD: './evil.so', BASH_ENV: './x', PYTHONPATH: '.' } },
            c: { command: '/bin/cat', env: { GIT_DIR: 'x', DYLD_INSERT_LIBRARIES: 'y', LOG_LEVEL: 'debug' } },
          },
        }),
      );
      expect((await inspectWorkspaceConfig(root)).refusals).toEqual([
        'the MCP server "a" of .mcp.json: sets NODE_OPTIONS, which changes what its program loads; toolgate cannot verify that',
        'the MCP server "b" of .mcp.json: sets BASH_ENV, LD_PRELOAD, PYTHONPATH, which change what its program loads; toolgate cannot verify that',
        'the MCP server "c" of .mcp.json: sets DYLD_INSERT_LIBRARIES, GIT_DIR, which change what its program loads; toolgate cannot verify that',
      ]);
    });

    it("protects and copies a workspace script that the user's own hook runs, trusted or not", async () => {
      await put('scripts/check.sh', HOOK);
      await writeUserConfig(userFile, { hooks: { preToolUse: [{ command: './scripts/check.sh' }] } });
      const loaded = await loadSessionConfig({ root, userFile });
      expect(loaded.trust).toEqual({ state: 'untrusted' });
      const command = loaded.hooks.preToolUse?.[0]?.command ?? '';
      expect(command).toMatch(/\/toolgate-verified-[^/]+\/scripts\/check\.sh$/);
      expect(loaded.config.workspace?.protectedPaths).toContain('./scripts/check.sh');
      const call = await sessionTools(loaded.config, false);
      expect(await call('write_file', { path: 'scripts/check.sh', content: 'echo model\n' })).toBe(
        'path_protected',
      );
      await put('scripts/check.sh', '#!/bin/sh\necho model\n');
      const run = await runHookCommand({
        command,
        input: '{}',
        cwd: root,
        timeoutMs: 10_000,
        signal: new AbortController().signal,
      });
      expect(run).toEqual({ type: 'exited', exitCode: 0, stdout: 'verified\n', stderr: '' });
    });

    it('refuses a hook script with a second name (a hard link)', async () => {
      await put('hooks/check.sh', HOOK);
      await link(join(root, 'hooks/check.sh'), join(root, 'notes.txt'));
      expect(await refusalsOf({ hooks: { postToolUse: [{ command: './hooks/check.sh' }] } })).toEqual([
        'hooks.postToolUse[0].command of toolgate.config.json: hooks/check.sh has 2 hard links; toolgate trusts a file only under its one name (another name could change it unprotected): copy it instead of linking',
      ]);
    });

    it('never finds a program a hook names on a PATH entry inside the workspace, relative or absolute', async () => {
      await put('bin/jq', '#!/bin/sh\necho workspace jq\n');
      await put('node_modules/.bin/jq', '#!/bin/sh\necho workspace jq\n');
      const run = await runHookCommand({
        command: 'jq . 2>/dev/null; exit 0',
        input: '{}',
        cwd: root,
        timeoutMs: 10_000,
        signal: new AbortController().signal,
        env: { ...process.env, PATH: `node_modules/.bin:${join(root, 'bin')}:/usr/bin:/bin` },
      });
      expect(run).toMatchObject({ type: 'exited', exitCode: 0 });
      expect(run.type === 'exited' ? run.stdout : '').not.toContain('workspace jq');
      expect(await refusalsOf({ hooks: { preToolUse: [{ command: 'jq .' }] } })).toEqual([]);
    });
  });

  describe('tool modules', () => {
    const MODULE = [
      "import { answer } from './lib/answer.mjs';",
      'export default () => ({ tools: [{',
      "  definition: { name: 'answer', description: 'd', inputSchema: { type: 'object' } },",
      '  parseArguments: (value) => ({ ok: true, value }),',
      "  execute: async () => ({ status: 'success', output: answer }),",
      '}] });',
      '',
    ].join('\n');

    it('digests a module and its relative imports, protects them, imports the verified copy, and distrusts a change to an import', async () => {
      await put('tools/m.mjs', MODULE);
      await put('tools/lib/answer.mjs', "export const answer = 'verified';\n");
      await put('toolgate.config.json', JSON.stringify({ tools: { modules: ['./tools/m.mjs'] } }));
      expect(Object.keys(await trust())).toEqual([
        'toolgate.config.json',
        'tools/lib/answer.mjs',
        'tools/m.mjs',
      ]);
      const loaded = await loadSessionConfig({ root, userFile });
      expect(loaded.config.workspace?.protectedPaths).toEqual(
        expect.arrayContaining(['./tools/m.mjs', './tools/lib/answer.mjs']),
      );
      const call = await sessionTools(loaded.config, false);
      expect(
        await call('write_file', { path: 'tools/lib/answer.mjs', content: 'export const answer = 1;' }),
      ).toBe('path_protected');
      await put('tools/lib/answer.mjs', "export const answer = 'model';\n");
      const modules = await loadToolModules(loaded.config, {} as never);
      const executed = await modules.tools[0]?.execute({}, {} as never);
      expect(executed).toEqual({ status: 'success', output: 'verified' });
      const next = await loadSessionConfig({ root, userFile });
      expect(next.trust).toEqual({ state: 'changed', files: ['tools/lib/answer.mjs'] });
      expect(next.config.tools?.modules).toBeUndefined();
    });

    it('refuses a workspace package, a module importing a package or computing an import, at trust time', async () => {
      await put(
        'node_modules/@acme/tool/package.json',
        JSON.stringify({ name: '@acme/tool', main: 'index.mjs' }),
      );
      await put('node_modules/@acme/tool/index.mjs', 'export default () => ({ tools: [] });\n');
      await put('tools/a.mjs', "import { z } from 'zod';\nexport default () => ({ tools: [] });\n");
      await put('tools/b.mjs', 'const name = "./x.mjs";\nawait import(name);\n');
      expect(
        await refusalsOf({ tools: { modules: ['@acme/tool', './tools/a.mjs', './tools/b.mjs'] } }),
      ).toEqual([
        'tools.modules[0] of toolgate.config.json: "@acme/tool" is a package in the workspace (node_modules/@acme/tool/index.mjs); toolgate cannot verify a package\'s files and dependencies. Name it in your own config file, which needs no trust, or bundle it into one file in the workspace and name that path',
        "tools.modules[1] of toolgate.config.json: tools/a.mjs imports the package \"zod\"; toolgate runs a workspace's module from a verified copy that can load Node's built-ins and the module's own relative imports only (a package's files and its dependencies cannot be verified). Bundle the module into one file, or name it in your own config file, which needs no trust",
        'tools.modules[2] of toolgate.config.json: tools/b.mjs loads a module named only when it runs (import ( name ) ; …), which toolgate cannot verify',
      ]);
    });
  });

  describe('.mcp.json servers', () => {
    it("digests and protects a server's local script and what it imports, and distrusts a change", async () => {
      await put('server/main.mjs', "import './util.mjs';\n");
      await put('server/util.mjs', '\n');
      await put(
        '.mcp.json',
        JSON.stringify({
          mcpServers: {
            local: { command: 'node', args: ['./server/main.mjs'] },
            bin: { command: './server/run' },
          },
        }),
      );
      await put('server/run', '#!/bin/sh\nexec cat\n');
      expect(Object.keys(await trust())).toEqual([
        '.mcp.json',
        'server/main.mjs',
        'server/run',
        'server/util.mjs',
      ]);
      const loaded = await loadSessionConfig({ root, userFile });
      expect(loaded.config.workspace?.protectedPaths).toEqual(
        expect.arrayContaining(['./server/main.mjs', './server/util.mjs', './server/run']),
      );
      // The servers start from the verified copies, named by the verified copy of .mcp.json.
      const copies = dirname(loaded.verifiedMcpFile ?? '');
      expect(JSON.parse(await readFile(loaded.verifiedMcpFile ?? '', 'utf8'))).toEqual({
        mcpServers: {
          local: { command: 'node', args: [join(copies, 'server/main.mjs')] },
          bin: { command: join(copies, 'server/run') },
        },
      });
      expect(await readFile(join(copies, 'server/util.mjs'), 'utf8')).toBe('\n');
      await put('server/util.mjs', 'process.exit(1);\n');
      expect((await loadSessionConfig({ root, userFile })).trust).toEqual({
        state: 'changed',
        files: ['server/util.mjs'],
      });
    });

    it('digests and protects the workspace files a module or a server script names by a string literal', async () => {
      await put(
        'tools/mine.mjs',
        [
          "import { fork } from 'node:child_process';",
          "import { Worker } from 'node:worker_threads';",
          "import { readFileSync } from 'node:fs';",
          "fork('./tools/indexer.mjs');",
          "new Worker(new URL('./worker.mjs', import.meta.url));",
          "readFileSync('.env', 'utf8');",
          "readFileSync('data/policy.awk', 'utf8');",
          'export default [];',
          '',
        ].join('\n'),
      );
      await put('tools/indexer.mjs', "import './indexer-lib.mjs';\n");
      await put('tools/indexer-lib.mjs', '\n');
      await put('tools/worker.mjs', '\n');
      await put('data/policy.awk', '{ print }\n');
      await put('.env', 'SECRET=1\n');
      await put(
        'server/main.mjs',
        "import { spawn } from 'node:child_process';\nspawn('node', ['server/child.mjs']);\n",
      );
      await put('server/child.mjs', '\n');
      await put(
        '.mcp.json',
        JSON.stringify({ mcpServers: { local: { command: 'node', args: ['./server/main.mjs'] } } }),
      );
      await put('toolgate.config.json', JSON.stringify({ tools: { modules: ['./tools/mine.mjs'] } }));
      expect(Object.keys(await trust())).toEqual([
        '.mcp.json',
        'data/policy.awk',
        'server/child.mjs',
        'server/main.mjs',
        'toolgate.config.json',
        'tools/indexer-lib.mjs',
        'tools/indexer.mjs',
        'tools/mine.mjs',
        'tools/worker.mjs',
      ]);
      const loaded = await loadSessionConfig({ root, userFile });
      expect(loaded.config.workspace?.protectedPaths).toEqual(
        expect.arrayContaining([
          './tools/indexer.mjs',
          './tools/worker.mjs',
          './data/policy.awk',
          './server/child.mjs',
        ]),
      );
    });

    it('refuses a server run by a package runner, or by npx', async () => {
      await put('node_modules/server/package.json', '{}');
      await put(
        '.mcp.json',
        JSON.stringify({
          mcpServers: {
            a: { command: 'npm', args: ['start'] },
            b: { command: 'npx', args: ['-y', 'server'] },
          },
        }),
      );
      expect((await inspectWorkspaceConfig(root)).refusals).toEqual([
        'the MCP server "a" of .mcp.json: runs "npm", which runs what the workspace declares (package scripts, a Makefile, another command line) and toolgate cannot verify; name a script file in the workspace instead (toolgate digests and protects it)',
        'the MCP server "b" of .mcp.json: runs "npx", which runs a package from the workspace\'s node_modules or its cache, and toolgate cannot verify those files (a node_modules written later would run instead)',
      ]);
    });
  });
});
