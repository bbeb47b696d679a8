import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempWorkspace,
  E2E_OPTIONS,
  isAlive,
  runToolgate,
  SKIP_REASON,
  waitForText,
} from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  await writeFile(join(root, 'a.txt'), 'alpha\nbeta\n');
});
afterEach(async () => {
  await workspace.dispose();
});

/** Whether this process can make a directory immutable here (root, and a file system with `chattr +i`). */
function canMakeImmutable(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'toolgate-immutable-'));
  try {
    if (spawnSync('chattr', ['+i', probe]).status !== 0) return false;
    spawnSync('chattr', ['-i', probe]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const callJson = async (tool: string, args: unknown) => {
  const result = await runToolgate([
    'call',
    tool,
    JSON.stringify(args),
    '--json',
    '--cwd',
    root,
    '--approval',
    'auto',
  ]);
  return {
    code: result.code,
    result: JSON.parse(result.stdout) as Record<string, unknown>,
    stderr: result.stderr,
  };
};

describe.skipIf(SKIP_REASON !== undefined)(
  `every built-in tool through call --json ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('lists the surface: the table and the definitions the model sees', async () => {
      const json = await runToolgate(['tools', '--json', '--cwd', root]);
      expect(json.code).toBe(0);
      const definitions = JSON.parse(json.stdout) as {
        name: string;
        kind: string;
        source: unknown;
        inputSchema: unknown;
      }[];
      expect(definitions.map((definition) => [definition.name, definition.kind])).toEqual([
        ...BUILT_INS,
        ['delegate_explore', 'think'],
        ['delegate_plan', 'think'],
        ['delegate_general', 'think'],
      ]);
      for (const definition of definitions) {
        expect(definition.source).toEqual({
          type: definition.name.startsWith('delegate_') ? 'delegate' : 'built-in',
        });
        expect(definition.inputSchema).toMatchObject({ type: 'object' });
      }
      const table = await runToolgate(['tools', '--cwd', root]);
      expect(table.stdout.split('\n')[0]).toMatch(/^TOOL +KIND +SOURCE +ASKS \(safe\) +DESCRIPTION$/);
      expect(table.stdout).toMatch(/\nbash +execute +built-in +exec,start,stop,write +Execute/);
      expect(table.stdout).toMatch(/\nread_file +read +built-in +no +Read/);
      expect(table.stdout).toMatch(/\napply_patch +edit +built-in +yes +/);
      // A delegate runs unasked in safe mode: the child's own calls are gated.
      expect(table.stdout).toMatch(/\ndelegate_explore +think +delegate +no +Explore/);
    });

    it('bash exec: a non-zero exit status is a successful call with exitCode', async () => {
      const { code, result } = await callJson('bash', { command: 'echo out; echo err >&2; exit 3' });
      expect(code).toBe(0);
      expect(result).toMatchObject({
        status: 'success',
        output: {
          command: 'echo out; echo err >&2; exit 3',
          exitCode: 3,
          stdout: 'out\n',
          stderr: 'err\n',
          timedOut: false,
        },
      });
    });

    it('bash exec renders output and exit code for a person', async () => {
      const result = await runToolgate([
        'call',
        'bash',
        '{"command":"echo out; exit 4"}',
        '--cwd',
        root,
        '--approval',
        'auto',
        '--sandbox',
        'danger-full-access',
      ]);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('out\n');
      expect(result.stderr).toMatch(/^• exit 4\n$/);
    });

    it('apply_patch: adds and updates files, rendered as A/M lines', async () => {
      const patch =
        '*** Begin Patch\n*** Add File: b.txt\n+new\n*** Update File: a.txt\n@@\n-beta\n+gamma\n*** End Patch';
      const { code, result } = await callJson('apply_patch', { patch });
      expect(code).toBe(0);
      expect(result).toMatchObject({
        status: 'success',
        output: { changedFiles: ['b.txt', 'a.txt'], filesChanged: 2 },
      });
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('alpha\ngamma\n');
      const human = await runToolgate([
        'call',
        'apply_patch',
        JSON.stringify({ patch: '*** Begin Patch\n*** Delete File: b.txt\n*** End Patch' }),
        '--cwd',
        root,
        '--approval',
        'auto',
      ]);
      expect(human).toMatchObject({ code: 0, stdout: 'D b.txt (+0 -1)\n', stderr: '• 1 file changed\n' });
    });

    it('edit: replaces an exact string', async () => {
      const { code, result } = await callJson('edit', {
        path: 'a.txt',
        old_string: 'alpha',
        new_string: 'ALPHA',
      });
      expect(code).toBe(0);
      expect(result).toMatchObject({ status: 'success', output: { path: 'a.txt', replacements: 1 } });
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('ALPHA\nbeta\n');
    });

    it("glob and grep: paths, and rg's path:line:content for a person", async () => {
      const glob = await callJson('glob', { pattern: '*.txt' });
      expect(glob).toMatchObject({ code: 0, result: { status: 'success', output: { matches: ['a.txt'] } } });
      const grep = await callJson('grep', { pattern: 'bet' });
      expect(grep).toMatchObject({
        code: 0,
        result: { status: 'success', output: { matches: [{ file: 'a.txt', line: 2, content: 'beta' }] } },
      });
      expect(await runToolgate(['call', 'glob', '{"pattern":"*.txt"}', '--cwd', root])).toMatchObject({
        code: 0,
        stdout: 'a.txt\n',
      });
      expect(await runToolgate(['call', 'grep', '{"pattern":"bet"}', '--cwd', root])).toMatchObject({
        code: 0,
        stdout: 'a.txt:2:beta\n',
      });
    });

    it('update_agents_md: a read without AGENTS.md says so in text, and JSON is the result with its display', async () => {
      expect(await callJson('update_agents_md', { action: 'read' })).toEqual({
        code: 0,
        result: {
          status: 'success',
          output: { action: 'read', path: 'AGENTS.md', exists: false, content: '' },
          display: { summary: 'There is no AGENTS.md yet (action write or append creates it).', text: '' },
        },
        stderr: '',
      });
      expect(await runToolgate(['call', 'update_agents_md', '{"action":"read"}', '--cwd', root])).toEqual({
        code: 0,
        signal: null,
        stdout: '',
        stderr: '• There is no AGENTS.md yet (action write or append creates it).\n',
      });
    });

    it('update_agents_md: appends to and reads AGENTS.md', async () => {
      const append = await callJson('update_agents_md', { action: 'append', text: '- keep tests fast' });
      expect(append).toMatchObject({
        code: 0,
        result: { status: 'success', output: { action: 'append', path: 'AGENTS.md', success: true } },
      });
      const read = await callJson('update_agents_md', { action: 'read' });
      expect(read).toMatchObject({
        code: 0,
        result: {
          status: 'success',
          output: { action: 'read', path: 'AGENTS.md', exists: true, content: '- keep tests fast' },
        },
      });
      expect(
        await runToolgate(['call', 'update_agents_md', '{"action":"read"}', '--cwd', root]),
      ).toMatchObject({
        code: 0,
        stdout: '- keep tests fast\n',
      });
    });

    // `toolgate call` makes its file calls at once (core's synchronous driver): one that waited on
    // a FIFO would hang the whole process, so this test would never end.
    it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)(
      'a FIFO in the workspace: read_file, write_file, edit and apply_patch refuse it at once, and nothing is written',
      async () => {
        expect(spawnSync('mkfifo', [join(root, 'pipe')]).status).toBe(0);
        const calls: [string, unknown][] = [
          ['read_file', { path: 'pipe' }],
          ['write_file', { path: 'pipe', content: 'x\n' }],
          ['edit', { path: 'pipe', old_string: 'a', new_string: 'b' }],
          ['apply_patch', { patch: '*** Begin Patch\n*** Update File: pipe\n@@\n-a\n+b\n*** End Patch' }],
          ['apply_patch', { patch: '*** Begin Patch\n*** Delete File: pipe\n*** End Patch' }],
        ];
        for (const [tool, args] of calls) {
          const { result } = await callJson(tool, args);
          expect(result).toMatchObject({ status: 'failure', error: { code: 'not_a_regular_file' } });
        }
        expect(lstatSync(join(root, 'pipe')).isFIFO()).toBe(true);
        expect(readdirSync(root).sort()).toEqual(['a.txt', 'pipe']);
      },
    );

    // An immutable directory (`chattr +i`, which holds even for root) refuses every create, rename
    // and unlink in it: each write fails where the workspace pinned the directory and named its
    // temporary file. What the model reads names the file as the workspace shows it, never the
    // pin's `/proc/self/fd/N` (another number in another process) nor the temporary name.
    it.skipIf(!canMakeImmutable())(
      "a write the file system refuses: write_file, edit, apply_patch and update_agents_md name the file, not the pin's descriptor or the temporary file",
      async () => {
        const calls: [string, unknown][] = [
          ['write_file', { path: 'a.txt', content: 'x\n' }],
          ['write_file', { path: 'new.txt', content: 'x\n' }],
          ['edit', { path: 'a.txt', old_string: 'alpha', new_string: 'gamma' }],
          [
            'apply_patch',
            { patch: '*** Begin Patch\n*** Update File: a.txt\n@@\n-alpha\n+gamma\n*** End Patch' },
          ],
          ['apply_patch', { patch: '*** Begin Patch\n*** Add File: b.txt\n+b\n*** End Patch' }],
          ['update_agents_md', { action: 'append', text: '- note' }],
        ];
        expect(spawnSync('chattr', ['+i', root]).status).toBe(0);
        try {
          for (const [tool, args] of calls) {
            const { result } = await callJson(tool, args);
            expect(result, `${tool} ${JSON.stringify(args)}`).toMatchObject({ status: 'failure' });
            const text = JSON.stringify(result);
            expect(text, tool).toMatch(/EPERM: operation not permitted/);
            expect(text, tool).not.toMatch(/\/proc\/self\/fd|toolgate-tmp/);
          }
        } finally {
          spawnSync('chattr', ['-i', root]);
        }
        expect(readdirSync(root).sort()).toEqual(['a.txt']);
        expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('alpha\nbeta\n');
      },
    );

    it('a call is one session: a started process is stopped when it ends, and the rendering says so', async () => {
      const result = await runToolgate([
        'call',
        'bash',
        '{"action":"start","command":"exec sleep 30"}',
        '--cwd',
        root,
        '--approval',
        'auto',
      ]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^proc_[0-9a-f]+ {2}RUNNING pid \d+ {2}exec sleep 30\n$/);
      expect(result.stderr).toBe('• Session ended: stopped 1 process this call started.\n');
      const pid = Number(/pid (\d+)/.exec(result.stdout)?.[1]);
      expect(isAlive(pid)).toBe(false);
    });
  },
);

describe.skipIf(SKIP_REASON !== undefined)(
  `signals abort the call and stop its processes ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ] as const) {
      it(`${signal} exits ${code}`, async () => {
        let pidFile = '';
        const result = await runToolgate(
          [
            'call',
            'bash',
            '{"command":"echo $$ > pid; exec sleep 30"}',
            '--json',
            '--cwd',
            root,
            '--approval',
            'auto',
            // $$ must be a pid on the host; in a sandbox it is one in the sandbox's pid namespace.
            '--sandbox',
            'danger-full-access',
          ],
          {
            onSpawn: (child) => {
              pidFile = join(root, 'pid');
              void waitForText(() => {
                try {
                  return readFileSync(pidFile, 'utf8');
                } catch {
                  return '';
                }
              }, '\n').then(() => child.kill(signal));
            },
          },
        );
        expect(result.code).toBe(code);
        expect(JSON.parse(result.stdout)).toMatchObject({ status: 'failure', error: { code: 'aborted' } });
        const pid = Number((await readFile(pidFile, 'utf8')).trim());
        expect(isAlive(pid)).toBe(false);
      });
    }
  },
);

describe.skipIf(SKIP_REASON !== undefined)(
  `a signal while the ARGS are still being read stops the call ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      it(`${signal} exits ${code}, and what was read so far is not taken as the ARGS`, async () => {
        // The producer has written part of a valid object and holds stdin open: the first signal
        // must stop the read, not wait for the producer and then judge the part.
        const result = await runToolgate(['call', 'write_file', '-', '--cwd', root, '--approval', 'auto'], {
          stdin: null,
          onSpawn: (child) => {
            child.stdin?.write('{"path":"partial.txt","content":"x"');
            // A second is for the CLI to start and install its handlers; the signal may then come
            // before or during the read, and the call must stop either way.
            setTimeout(() => child.kill(signal), 1_000);
          },
        });
        expect(result.code, result.stderr).toBe(code);
        expect(result.stderr).toContain(`Interrupted by ${signal} while reading stdin.`);
        expect(result.stderr).not.toContain('not valid JSON');
        expect(existsSync(join(root, 'partial.txt'))).toBe(false);
      });
    }
  },
);

const BUILT_INS = [
  ['bash', 'execute'],
  ['read_file', 'read'],
  ['write_file', 'edit'],
  ['apply_patch', 'edit'],
  ['glob', 'search'],
  ['grep', 'search'],
  ['edit', 'edit'],
  ['update_agents_md', 'edit'],
];
