import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
});
afterEach(async () => {
  await workspace.dispose();
});

const call = (tool: string, args: unknown, ...extra: string[]) =>
  runToolgate(['call', tool, JSON.stringify(args), '--json', '--cwd', root, ...extra]);

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate call, end to end ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('reads a file: one ToolResult object on stdout, exit 0', async () => {
      await writeFile(join(root, 'a.txt'), 'one\ntwo\n');
      const result = await call('read_file', { path: 'a.txt' });
      expect(result).toEqual({
        code: 0,
        signal: null,
        stdout: `${JSON.stringify({
          status: 'success',
          output: {
            path: 'a.txt',
            content: 'one\ntwo',
            startLine: 1,
            endLine: 2,
            truncated: false,
            hasMore: false,
          },
          display: { summary: 'Read a.txt (lines 1–2)', text: 'one\ntwo' },
        })}\n`,
        stderr: '',
      });
    });

    it('renders read_file content for a person', async () => {
      await writeFile(join(root, 'a.txt'), 'one\ntwo\n');
      const result = await runToolgate(['call', 'read_file', '{"path":"a.txt"}', '--cwd', root]);
      expect(result).toEqual({
        code: 0,
        signal: null,
        stdout: 'one\ntwo\n',
        stderr: '• Read a.txt (lines 1–2)\n',
      });
    });

    it('shows a hostile file to a person with its escape sequences and carriage returns escaped', async () => {
      // Clears the line, moves the cursor up and overwrites what was shown before.
      await writeFile(join(root, 'evil.txt'), 'safe\r\u001b[2K\u001b[1Aall good\u009b2J\ttab\n');
      const result = await runToolgate(['call', 'read_file', '{"path":"evil.txt"}', '--cwd', root]);
      expect(result.code).toBe(0);
      expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      expect(result.stdout).toContain('safe');
      expect(result.stdout).toContain('all good');
      expect(result.stdout).toContain('\ttab\n');
      // The JSON form keeps the sequences as read_file returned them: escaping is for the terminal only.
      const json = await call('read_file', { path: 'evil.txt' });
      expect(JSON.parse(json.stdout).output.content).toContain('\u001b[2K\u001b[1Aall good\u009b2J');
    });

    it('writes a file in safe mode without asking', async () => {
      const result = await call('write_file', { path: 'dir/new.txt', content: 'hi\n' });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({
        status: 'success',
        output: {
          path: 'dir/new.txt',
          resolvedPath: join(root, 'dir/new.txt'),
          mode: 'overwrite',
          created: true,
          appended: false,
          bytesWritten: 3,
        },
        display: { summary: 'Created dir/new.txt (3 bytes)' },
        changes: [{ path: join(root, 'dir/new.txt'), oldText: null, newText: 'hi\n' }],
      });
      expect(await readFile(join(root, 'dir/new.txt'), 'utf8')).toBe('hi\n');
    });

    it('reads ARGS from stdin for "-" and when absent', async () => {
      await writeFile(join(root, 'a.txt'), 'x\n');
      const dash = await runToolgate(['call', 'read_file', '-', '--cwd', root], {
        stdin: '{"path":"a.txt"}',
      });
      expect(dash).toMatchObject({ code: 0, stdout: 'x\n' });
      const absent = await runToolgate(['call', 'read_file', '--cwd', root], { stdin: '{"path":"a.txt"}\n' });
      expect(absent).toMatchObject({ code: 0, stdout: 'x\n' });
    });

    it('writes a 600 KB argument from stdin byte for byte, multi-byte characters included', async () => {
      const content = 'aé€😀'.repeat(60_000);
      const result = await runToolgate(['call', 'write_file', '-', '--json', '--cwd', root], {
        stdin: JSON.stringify({ path: 'big.txt', content }),
      });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(await readFile(join(root, 'big.txt'), 'utf8')).toBe(content);
    });

    it('exits 1 for a tool failure, an unknown tool and invalid arguments', async () => {
      const missing = await call('read_file', { path: 'nope.txt' });
      expect(missing.code).toBe(1);
      expect(JSON.parse(missing.stdout)).toMatchObject({ status: 'failure', error: { code: 'not_found' } });

      const unknown = await call('read_fil', {});
      expect(unknown.code).toBe(1);
      expect(JSON.parse(unknown.stdout)).toMatchObject({
        status: 'failure',
        error: { code: 'unknown_tool' },
      });
      expect(JSON.parse(unknown.stdout).error.message).toContain('Did you mean "read_file"?');

      const invalid = await call('read_file', { path: 'a.txt', bogus: 1 });
      expect(invalid.code).toBe(1);
      expect(JSON.parse(invalid.stdout)).toMatchObject({
        status: 'failure',
        error: { code: 'invalid_arguments' },
      });
    });

    it('prints a failure for a person on stderr, nothing on stdout', async () => {
      const result = await runToolgate(['call', 'nope', '{}', '--cwd', root]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^✗ nope failed \(unknown_tool\): Unknown tool "nope"\./);
    });

    it('prints help and the version, exit 0', async () => {
      const [help, version] = await Promise.all([runToolgate(['--help']), runToolgate(['--version'])]);
      expect(help).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout).toMatch(/^Usage:\n {2}toolgate tools \[--json\]/);
      const { version: expected } = JSON.parse(
        await readFile(join(import.meta.dirname, '../../package.json'), 'utf8'),
      ) as {
        version: string;
      };
      expect(version).toMatchObject({ code: 0, stdout: `${expected}\n`, stderr: '' });
    });

    it('bare toolgate without a terminal prints the usage, exit 0', async () => {
      const [bare, help] = await Promise.all([runToolgate([]), runToolgate(['--help'])]);
      expect(bare).toEqual({ code: 0, signal: null, stdout: help.stdout, stderr: '' });
    });

    it('tools <name> prints the description and the arguments; an unknown name exits 2 with a suggestion', async () => {
      const help = await runToolgate(['tools', 'read_file', '--cwd', root]);
      expect(help).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout).toMatch(/^read_file {2}read · built-in · asks in safe mode: no\n\nRead/);
      expect(help.stdout).toContain(
        '\nArguments:\n  path       string, required\n             File to read: relative to the workspace root',
      );
      const json = await runToolgate(['tools', 'read_file', '--json', '--cwd', root]);
      expect(JSON.parse(json.stdout)).toMatchObject({
        name: 'read_file',
        inputSchema: { required: ['path'] },
      });
      expect(await runToolgate(['tools', 'read_fil', '--cwd', root])).toEqual({
        code: 2,
        signal: null,
        stdout: '',
        stderr:
          'toolgate: No tool named "read_fil" in this session (did you mean "read_file"?); \'toolgate tools\' lists them.\nRun \'toolgate --help\' for usage.\n',
      });
    });

    it('exits 2 for usage errors: unknown option, missing tool, bad JSON, ARGS not an object', async () => {
      const cases = [
        [['tools', '--bogus'], "toolgate: Unknown option '--bogus'."],
        [['call', '--cwd', root], 'toolgate: Missing tool name: toolgate call <tool> [ARGS].'],
        [['call', 'read_file', '{"path":', '--cwd', root], 'toolgate: ARGS is not valid JSON'],
        [
          ['call', 'read_file', '["a"]', '--cwd', root],
          'toolgate: ARGS must be one JSON object; got an array.',
        ],
        [
          ['call', 'read_file', '{}', '--approval', 'yolo'],
          'toolgate: --approval expects one of manual, safe, auto, plan, accept-edits, dont-ask (or acceptEdits, dontAsk, bypassPermissions); got "yolo".',
        ],
        [
          ['tools', '--cwd', join(root, 'missing')],
          `toolgate: --cwd: no such directory: ${join(root, 'missing')}`,
        ],
      ] as const;
      const results = await Promise.all(cases.map(([args]) => runToolgate(args)));
      for (const [index, [args, message]] of cases.entries()) {
        const result = results[index]!;
        expect({
          args,
          code: result.code,
          stdout: result.stdout,
          first: result.stderr.split('\n')[0]!.slice(0, message.length),
        }).toEqual({
          args,
          code: 2,
          stdout: '',
          first: message,
        });
      }
    });

    it('exits 2 for a bad config file, naming the file, the key and what was expected', async () => {
      await writeFile(
        join(root, 'toolgate.config.json'),
        JSON.stringify({ approval: 'sometimes', tools: { bash: { timeoutMs: 'long' } } }),
      );
      const result = await call('read_file', { path: 'a.txt' });
      expect(result).toEqual({
        code: 2,
        signal: null,
        stdout: '',
        stderr:
          `toolgate: Invalid config file ${join(root, 'toolgate.config.json')}:\n` +
          '  approval: expected one of manual, safe, auto, plan, accept-edits, dont-ask (or acceptEdits, dontAsk, bypassPermissions), got string "sometimes"\n' +
          '  tools.bash.timeoutMs: expected a number, got string "long"\n' +
          "Run 'toolgate --help' for usage.\n",
      });
      const missing = await call('read_file', { path: 'a.txt' }, '--config', join(root, 'none.json'));
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain(`Cannot read config file ${join(root, 'none.json')}: no such file.`);
    });

    it('exits 2 when a configured read root does not exist, naming the key', async () => {
      await writeFile(
        join(root, 'toolgate.config.json'),
        JSON.stringify({ workspace: { readRoots: ['../no-such-dir'] } }),
      );
      // Read roots widen what may be read: they apply only once the workspace is trusted.
      expect((await runToolgate(['trust', '--cwd', root])).code).toBe(0);
      for (const args of [
        ['tools', '--json'],
        ['call', 'read_file', '{"path":"a.txt"}'],
      ]) {
        const result = await runToolgate([...args, '--cwd', root]);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(
          'Config key workspace.readRoots[0]: expected an existing directory, got "../no-such-dir"',
        );
      }
    });

    it('takes the approval mode from --approval, then TOOLGATE_APPROVAL, then the config file', async () => {
      await writeFile(join(root, 'toolgate.config.json'), JSON.stringify({ approval: 'manual' }));
      const byConfig = await runToolgate(['tools', '--cwd', root]);
      expect(byConfig.stdout).toContain('ASKS (manual)');
      const byEnv = await runToolgate(['tools', '--cwd', root], { env: { TOOLGATE_APPROVAL: 'auto' } });
      expect(byEnv.stdout).toContain('ASKS (auto)');
      const byFlag = await runToolgate(['tools', '--cwd', root, '--approval', 'safe'], {
        env: { TOOLGATE_APPROVAL: 'auto' },
      });
      expect(byFlag.stdout).toContain('ASKS (safe)');
      const badEnv = await runToolgate(['tools', '--cwd', root], { env: { TOOLGATE_APPROVAL: 'never' } });
      expect(badEnv.code).toBe(2);
      expect(badEnv.stderr).toContain(
        'TOOLGATE_APPROVAL expects one of manual, safe, auto, plan, accept-edits, dont-ask (or acceptEdits, dontAsk, bypassPermissions); got "never".',
      );
    });

    it('applies the config file: protected paths refuse writes, read limits cut content', async () => {
      await writeFile(
        join(root, 'toolgate.config.json'),
        JSON.stringify({ workspace: { protectedPaths: ['secrets'] }, tools: { read_file: { maxChars: 3 } } }),
      );
      await writeFile(join(root, 'long.txt'), 'abcdefgh\n');
      const read = await call('read_file', { path: 'long.txt' });
      expect(JSON.parse(read.stdout)).toMatchObject({
        status: 'success',
        output: { content: 'abc', truncated: true },
      });
      const write = await call('write_file', { path: 'secrets/key.txt', content: 'x' });
      expect(write.code).toBe(1);
      expect(JSON.parse(write.stdout)).toMatchObject({
        status: 'failure',
        error: { code: 'path_protected' },
      });
    });

    it('resolves a relative --cwd against INIT_CWD when a package-manager script started it', async () => {
      await mkdir(join(root, 'sub'));
      await writeFile(join(root, 'sub', 'a.txt'), 'in sub\n');
      const result = await runToolgate(['call', 'read_file', '{"path":"a.txt"}', '--cwd', 'sub'], {
        cwd: '/',
        env: { INIT_CWD: root, npm_lifecycle_event: 'toolgate' },
      });
      expect(result).toMatchObject({ code: 0, stdout: 'in sub\n' });
    });

    it('rejects a call that needs approval when there is no terminal: exit 3, nothing runs', async () => {
      const result = await call('write_file', { path: 'x.txt', content: 'x' }, '--approval', 'manual');
      expect(result).toEqual({
        code: 3,
        signal: null,
        stdout: `${JSON.stringify({ status: 'rejected', by: 'approval', reason: 'Nobody approved this call, so it did not run: Create x.txt (1 bytes)' })}\n`,
        stderr:
          '• Rejected write_file: Create x.txt (1 bytes). Nobody to ask (no terminal): manual mode asks about it, so nothing ran; unattended, pre-approve it with an allow rule, or refuse such calls to the model with --approval dont-ask.\n',
      });
      await expect(readFile(join(root, 'x.txt'))).rejects.toThrow(/ENOENT/);
    });
  },
);
