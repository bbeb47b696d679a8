import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

/** The worked example in the repository: a package directory, entered through its manifest. */
const EXAMPLE = resolve(import.meta.dirname, '../../../../examples/tool-module-word-count');

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  await writeFile(join(root, 'notes.txt'), 'one two three\nfour five\n');
});
afterEach(async () => {
  await workspace.dispose();
});

async function withConfig(config: unknown): Promise<string> {
  await writeFile(join(root, 'toolgate.config.json'), JSON.stringify(config));
  return join(root, 'toolgate.config.json');
}

describe.skipIf(SKIP_REASON !== undefined)(
  `tool modules through the built CLI ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it("lists the example module's word_count with toolgate tools and runs it with toolgate call", async () => {
      const config = await withConfig({ tools: { modules: [EXAMPLE], disable: ['update_agents_md'] } });
      const listed = await runToolgate(['tools', '--json', '--cwd', root, '--config', config]);
      expect(listed.code, listed.stderr).toBe(0);
      const names = (JSON.parse(listed.stdout) as { name: string; source: unknown }[]).map(
        (tool) => tool.name,
      );
      expect(names).toContain('word_count');
      expect(names).not.toContain('update_agents_md');
      const help = await runToolgate(['tools', 'word_count', '--cwd', root, '--config', config]);
      expect(help.stdout).toContain('Counts the lines, words and characters');
      const called = await runToolgate([
        'call',
        'word_count',
        '{"path":"notes.txt"}',
        '--json',
        '--cwd',
        root,
        '--config',
        config,
      ]);
      expect(called.code, called.stderr).toBe(0);
      expect(JSON.parse(called.stdout)).toMatchObject({
        status: 'success',
        output: { path: 'notes.txt', lines: 2, words: 5 },
      });
      // The workspace boundary holds for a module's tool too.
      const outside = await runToolgate([
        'call',
        'word_count',
        '{"path":"../../etc/passwd"}',
        '--json',
        '--cwd',
        root,
        '--config',
        config,
      ]);
      expect(outside.code).toBe(1);
      expect(JSON.parse(outside.stdout)).toMatchObject({ status: 'failure' });
    });

    it("shows the example module's calls in toolgate run by their own titles, displays and planned diffs", async () => {
      const config = await withConfig({ tools: { modules: [EXAMPLE] } });
      await writeFile(join(root, 'notes.txt'), 'one two three  \nfour five\n');
      const server: FakeModelServer = await startFakeModelServer();
      try {
        server.reply(
          { toolCalls: [{ name: 'word_count', arguments: { path: 'notes.txt' } }] },
          { toolCalls: [{ name: 'trim_trailing_whitespace', arguments: { path: 'notes.txt' } }] },
          { text: 'Trimmed.' },
        );
        const result = await runToolgate([
          'run',
          'count and trim notes.txt',
          '--approval',
          'auto',
          '--cwd',
          root,
          '--config',
          config,
          '--model',
          'openai-compatible:fake',
          '--base-url',
          server.baseURL,
        ]);
        expect(result).toMatchObject({ code: 0, stdout: 'Trimmed.\n' });
        expect(result.stderr.split('\n')).toEqual([
          '• Count words in notes.txt',
          '  ✓ 5 words, 2 lines in notes.txt',
          '• Trim trailing whitespace in notes.txt',
          '  ✓ Trimmed 1 line of notes.txt',
          '    M notes.txt +1 -1',
          '',
        ]);
        expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('one two three\nfour five\n');
      } finally {
        await server.close();
      }
    });

    it("ignores an untrusted workspace's modules with one line naming toolgate trust, and loads them once trusted", async () => {
      await withConfig({ tools: { modules: [EXAMPLE] } });
      const untrusted = await runToolgate(['tools', '--json', '--cwd', root]);
      expect(untrusted.code).toBe(0);
      expect(untrusted.stdout).not.toContain('word_count');
      expect(untrusted.stderr).toContain(`ignored tools.modules [${JSON.stringify(EXAMPLE)}]`);
      expect(untrusted.stderr).toContain(`toolgate trust --cwd ${root}`);
      expect((await runToolgate(['trust', '--cwd', root])).code).toBe(0);
      const trusted = await runToolgate(['tools', '--json', '--cwd', root]);
      expect(trusted.stdout).toContain('word_count');
    });

    it('exits 2 naming the module when it cannot be found or claims a built-in name', async () => {
      const missing = await runToolgate([
        'tools',
        '--cwd',
        root,
        '--config',
        await withConfig({ tools: { modules: ['./no-such-module.mjs'] } }),
      ]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('tools.modules[0]: cannot find tool module "./no-such-module.mjs"');
      await writeFile(
        join(root, 'grep.mjs'),
        `export default () => ({ tools: [{ definition: { name: 'grep', description: 'x', inputSchema: { type: 'object' } }, parseArguments: (value) => ({ ok: true, value }), execute: async () => ({ status: 'success', output: 'mine' }) }] });`,
      );
      const clash = await runToolgate([
        'tools',
        '--cwd',
        root,
        '--config',
        await withConfig({ tools: { modules: ['./grep.mjs'] } }),
      ]);
      expect(clash.code).toBe(2);
      expect(clash.stderr).toContain(
        `Tool module ${join(root, 'grep.mjs')}: its tool "grep" has the name of a built-in tool`,
      );
      const replaced = await runToolgate([
        'call',
        'grep',
        '{"pattern":"x"}',
        '--json',
        '--approval',
        'auto',
        '--cwd',
        root,
        '--config',
        await withConfig({ tools: { replace: { grep: './grep.mjs' } } }),
      ]);
      expect(replaced.code, replaced.stderr).toBe(0);
      expect(JSON.parse(replaced.stdout)).toMatchObject({ status: 'success', output: 'mine' });
    });
  },
);
