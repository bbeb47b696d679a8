import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_IN_TOOL_NAMES } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolgateConfig } from '../config/toolgate-config-schema.js';
import { createSessionSurface } from '../session/create-session-surface.js';
import { resolveModulePath } from './resolve-module-path.js';

let directory: string;
let root: string;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-modules-')));
  root = join(directory, 'repo');
  await mkdir(root);
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A module whose tools are plain objects (no import), so it loads from any directory. */
function toolSource(name: string, output: string): string {
  return `{
    definition: { name: ${JSON.stringify(name)}, description: 'test tool', inputSchema: { type: 'object' }, kind: 'read', annotations: { readOnly: true }, source: { type: 'built-in' } },
    parseArguments: (value) => ({ ok: true, value }),
    execute: async () => ({ status: 'success', output: ${JSON.stringify(output)} }),
  }`;
}

async function writeModule(name: string, body: string): Promise<string> {
  const file = join(directory, name);
  await writeFile(file, body);
  return file;
}

async function session(config: ToolgateConfig) {
  return createSessionSurface({ root, config, mode: 'auto', sandbox: 'unconfined' });
}

async function call(config: ToolgateConfig, name: string) {
  const surface = await session(config);
  try {
    return await surface.surface.executor.execute({ id: 'c1', name, arguments: {} });
  } finally {
    await surface.close();
  }
}

describe('tool modules', () => {
  it("adds a module's tools after the built-ins, marked as coming from the module, and runs them", async () => {
    const file = await writeModule(
      'words.mjs',
      `export default (context) => ({ tools: [${toolSource('word_count', 'from the module')}] });`,
    );
    const surface = await session({ tools: { modules: [file] } });
    const definitions = surface.surface.registry.list();
    await surface.close();
    expect(definitions.map((definition) => definition.name)).toEqual([...BUILT_IN_TOOL_NAMES, 'word_count']);
    expect(definitions.at(-1)?.source).toEqual({ type: 'custom', provider: file });
    expect(await call({ tools: { modules: [file] } }, 'word_count')).toMatchObject({
      status: 'success',
      output: 'from the module',
    });
  });

  it('gives the factory the session workspace, process registry and a signal aborted when the session closes', async () => {
    const seen = join(directory, 'seen.json');
    const file = await writeModule(
      'context.mjs',
      `import { writeFileSync } from 'node:fs';
       export default (context) => {
         context.signal.addEventListener('abort', () => writeFileSync(${JSON.stringify(seen)}, JSON.stringify({
           root: context.workspace.root,
           processes: typeof context.processes.list,
           sandbox: context.sandbox === undefined,
         })));
         return { tools: [] };
       };`,
    );
    const surface = await session({ tools: { modules: [file] } });
    await surface.close();
    const { readFile } = await import('node:fs/promises');
    expect(JSON.parse(await readFile(seen, 'utf8'))).toEqual({ root, processes: 'function', sandbox: true });
  });

  it("runs a module's decorators around every call, after approval", async () => {
    const file = await writeModule(
      'audit.mjs',
      `export default () => ({
         tools: [],
         decorators: [async (invocation, next) => {
           const result = await next();
           return { ...result, output: 'seen by the decorator: ' + invocation.call.name };
         }],
       });`,
    );
    await writeFile(join(root, 'a.txt'), 'hello\n');
    const surface = await session({ tools: { modules: [file] } });
    const result = await surface.surface.executor.execute({
      id: 'c1',
      name: 'read_file',
      arguments: { path: 'a.txt' },
    });
    await surface.close();
    expect(result).toMatchObject({ status: 'success', output: 'seen by the decorator: read_file' });
  });

  it('refuses a tool with a built-in name unless tools.replace names the module for it, and then uses it instead', async () => {
    const file = await writeModule(
      'grep.mjs',
      `export default () => ({ tools: [${toolSource('grep', 'fast grep')}] });`,
    );
    await expect(session({ tools: { modules: [file] } })).rejects.toThrow(
      `Tool module ${file}: its tool "grep" has the name of a built-in tool; to use it instead of the built-in, set tools.replace: {"grep": ${JSON.stringify(file)}}`,
    );
    const surface = await session({ tools: { replace: { grep: file } } });
    const names = surface.surface.registry.list().map((definition) => definition.name);
    await surface.close();
    expect(names).toEqual([...BUILT_IN_TOOL_NAMES]);
    expect(await call({ tools: { replace: { grep: file } } }, 'grep')).toMatchObject({ output: 'fast grep' });
  });

  it('leaves out disabled tools, built-in or from a module, and refuses a name no tool has', async () => {
    const file = await writeModule(
      'two.mjs',
      `export default () => ({ tools: [${toolSource('one', '1')}, ${toolSource('two', '2')}] });`,
    );
    const surface = await session({ tools: { modules: [file], disable: ['update_agents_md', 'two'] } });
    const names = surface.surface.registry.list().map((definition) => definition.name);
    await surface.close();
    expect(names).toEqual([...BUILT_IN_TOOL_NAMES.filter((name) => name !== 'update_agents_md'), 'one']);
    await expect(session({ tools: { disable: ['bsh'] } })).rejects.toThrow(
      'Config key tools.disable: no tool named "bsh"',
    );
  });

  it('names the module that fails to load, has no factory, throws, or returns something that is not a tool', async () => {
    const cases: [string, string, string][] = [
      ['syntax.mjs', 'export default (', 'failed to load'],
      ['no-default.mjs', 'export const tools = [];', 'its default export is not a function'],
      [
        'throws.mjs',
        `export default () => { throw new Error('no token'); };`,
        'its factory failed: no token',
      ],
      ['array.mjs', 'export default () => [];', 'its factory did not return { tools: [...] }'],
      [
        'bad-name.mjs',
        `export default () => ({ tools: [${toolSource('word count', '')}] });`,
        'tool name "word count" does not match',
      ],
      ['not-tool.mjs', `export default () => ({ tools: [{ name: 'x' }] });`, 'tools[0] is not a tool'],
    ];
    for (const [name, body, problem] of cases) {
      const file = await writeModule(name, body);
      await expect(session({ tools: { modules: [file] } })).rejects.toThrow(
        `Tool module ${file}: ${problem}`,
      );
    }
    const twice = await writeModule(
      'twice.mjs',
      `export default () => ({ tools: [${toolSource('one', '1')}] });`,
    );
    const first = await writeModule(
      'first.mjs',
      `export default () => ({ tools: [${toolSource('one', '1')}] });`,
    );
    await expect(session({ tools: { modules: [first, twice] } })).rejects.toThrow(
      `Tool module ${twice}: its tool "one" is also defined by tool module ${first}`,
    );
  });
});

describe('resolveModulePath', () => {
  it('resolves paths against the base, package directories through their manifest, and package names from node_modules upwards', async () => {
    const file = await writeModule('local.mjs', 'export default () => ({ tools: [] });');
    expect(await resolveModulePath('./local.mjs', directory)).toBe(file);
    const pkg = join(directory, 'node_modules', '@acme', 'tools');
    await mkdir(join(pkg, 'dist'), { recursive: true });
    await writeFile(join(pkg, 'dist', 'index.js'), '');
    await writeFile(join(pkg, 'dist', 'extra.js'), '');
    await writeFile(
      join(pkg, 'package.json'),
      JSON.stringify({
        name: '@acme/tools',
        exports: { '.': { types: './x.d.ts', import: './dist/index.js' }, './extra': './dist/extra.js' },
      }),
    );
    expect(await resolveModulePath('@acme/tools', root)).toBe(join(pkg, 'dist', 'index.js'));
    expect(await resolveModulePath('@acme/tools/extra', root)).toBe(join(pkg, 'dist', 'extra.js'));
    expect(await resolveModulePath('../node_modules/@acme/tools', root)).toBe(join(pkg, 'dist', 'index.js'));
    expect(await resolveModulePath('@acme/missing', root)).toBeUndefined();
    expect(await resolveModulePath('./missing.mjs', root)).toBeUndefined();
  });
});
