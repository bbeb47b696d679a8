import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInPty } from './test-support/run-in-pty.js';
import {
  createTempWorkspace,
  E2E_OPTIONS,
  PTY_SKIP_REASON,
  waitForText,
} from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  await writeFile(join(root, 'a.txt'), 'old\n');
});
afterEach(async () => {
  await workspace.dispose();
});

const QUESTION = '• Approve? [y/N]';
const WRITE = ['call', 'write_file', '{"path":"a.txt","content":"new\\n"}'];

describe.skipIf(PTY_SKIP_REASON !== undefined)(
  `terminal approval in a pseudo-terminal ${PTY_SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('shows the block with the planned diff; "n" rejects, nothing runs, exit 3', async () => {
      const run = runInPty([...WRITE, '--cwd', root, '--approval', 'manual', '--json'], { cwd: root });
      await waitForText(run.output, QUESTION);
      run.type('n\n');
      expect(await run.exit).toBe(3);
      expect(run.output()).toContain(
        '• Approval required for write_file\n  └ Overwrite a.txt (4 bytes)\n    --- a/a.txt\n    +++ b/a.txt\n    @@ -1,1 +1,1 @@\n    -old\n    +new\n' +
          '  y  yes\n  n  no (the default)\n• Approve? [y/N] n\n',
      );
      // One line says what was rejected and that nothing ran; no second rendering of the rejection.
      expect(run.output().match(/Rejected/g)).toEqual(['Rejected']);
      expect(run.output()).toContain('• Rejected write_file: Overwrite a.txt (4 bytes). Nothing ran.\n');
      expect(run.output()).toContain(
        '{"status":"rejected","by":"approval","reason":"The user declined: Overwrite a.txt (4 bytes)"}',
      );
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('old\n');
    });

    it('"y" (any case) approves and the call runs', async () => {
      const run = runInPty([...WRITE, '--cwd', root, '--approval', 'manual'], { cwd: root });
      await waitForText(run.output, QUESTION);
      run.type('YES\n');
      expect(await run.exit).toBe(0);
      expect(run.output()).toContain('Overwrote a.txt (4 bytes)');
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('new\n');
    });

    it('a one-shot call offers no "always": "a" is not a choice there and rejects', async () => {
      const run = runInPty([...WRITE, '--cwd', root, '--approval', 'manual'], { cwd: root });
      await waitForText(run.output, QUESTION);
      expect(run.output()).not.toContain('always');
      run.type('a\n');
      expect(await run.exit).toBe(3);
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('old\n');
    });

    it('EOF at the question rejects and suggests --approval auto', async () => {
      const run = runInPty([...WRITE, '--cwd', root, '--approval', 'manual'], { cwd: root });
      await waitForText(run.output, QUESTION);
      run.type('\u0004');
      expect(await run.exit).toBe(3);
      expect(run.output()).toContain(
        '• Rejected write_file: Overwrite a.txt (4 bytes). It needs approval and the terminal reached end of input, so nothing ran; use --approval auto for unattended use.\n',
      );
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('old\n');
    });

    it('Ctrl-C at the question rejects, runs nothing and exits 130', async () => {
      const run = runInPty([...WRITE, '--cwd', root, '--approval', 'manual'], { cwd: root });
      await waitForText(run.output, QUESTION);
      run.type('\u0003');
      expect(await run.exit).toBe(130);
      expect(run.output()).toContain(
        '• Rejected write_file: Overwrite a.txt (4 bytes). Interrupted before an answer; nothing ran.\n',
      );
      expect(run.output()).toContain('• Interrupted by SIGINT.');
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('old\n');
    });

    it('--approval auto never asks', async () => {
      const run = runInPty([...WRITE, '--cwd', root, '--approval', 'auto'], { cwd: root });
      expect(await run.exit).toBe(0);
      expect(run.output()).not.toContain('Approve?');
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('new\n');
    });

    it('safe mode does not ask for read_file or write_file', async () => {
      const read = runInPty(['call', 'read_file', '{"path":"a.txt"}', '--cwd', root], { cwd: root });
      expect(await read.exit).toBe(0);
      const write = runInPty([...WRITE, '--cwd', root], { cwd: root });
      expect(await write.exit).toBe(0);
      expect(read.output() + write.output()).not.toContain('Approve?');
    });

    it('safe mode asks for bash exec, showing the cwd and the command', async () => {
      const run = runInPty(['call', 'bash', '{"command":"echo ran > ran.txt"}', '--cwd', root], {
        cwd: root,
      });
      await waitForText(run.output, QUESTION);
      expect(run.output()).toContain('• Approval required for bash\n  └ exec in .\n    echo ran > ran.txt\n');
      run.type('n\n');
      expect(await run.exit).toBe(3);
      await expect(readFile(join(root, 'ran.txt'))).rejects.toThrow(/ENOENT/);
    });

    it('shows the elapsed time of a long bash exec on the terminal', async () => {
      const run = runInPty(
        ['call', 'bash', '{"command":"sleep 4; echo done"}', '--cwd', root, '--approval', 'auto'],
        {
          cwd: root,
        },
      );
      expect(await run.exit).toBe(0);
      expect(run.output()).toMatch(/⋯ Run `sleep 4; echo done` \(\d+s\)/);
      expect(run.output()).toContain('done\n');
    });

    it('run shows the elapsed time of a long tool call too, and the first lines of its output', async () => {
      const script = join(root, 'script.jsonl');
      await writeFile(
        script,
        `${JSON.stringify({ toolCalls: [{ name: 'bash', arguments: { command: 'sleep 4; seq 1 9' } }] })}\n${JSON.stringify({ text: 'ok' })}\n`,
      );
      const run = runInPty(
        ['run', 'go', '--cwd', root, '--approval', 'auto', '--model', `replay:${script}`],
        {
          cwd: root,
        },
      );
      expect(await run.exit).toBe(0);
      expect(run.output()).toMatch(/⋯ Run `sleep 4; seq 1 9` \(\d+s\)/);
      // Five lines of output under the result line, then how many more.
      expect(run.output()).toMatch(/│ 5\r?\n.*│ … 4 more lines/);
      expect(run.output()).not.toContain('│ 6');
    });

    it('safe mode asks for apply_patch, showing the Add/Update lines and the diff', async () => {
      const patch = '*** Begin Patch\n*** Update File: a.txt\n@@\n-old\n+patched\n*** End Patch';
      const run = runInPty(['call', 'apply_patch', JSON.stringify({ patch }), '--cwd', root], { cwd: root });
      await waitForText(run.output, QUESTION);
      expect(run.output()).toContain('• Approval required for apply_patch\n  └ Update a.txt\n');
      expect(run.output()).toContain('-old\n');
      expect(run.output()).toContain('+patched\n');
      run.type('y\n');
      expect(await run.exit).toBe(0);
      expect(run.output()).toContain('M a.txt');
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('patched\n');
    });

    it('manual mode asks even for read_file, on the terminal while ARGS come on stdin', async () => {
      const run = runInPty(['call', 'read_file', '--cwd', root, '--approval', 'manual'], {
        cwd: root,
        pipeIn: '{"path":"a.txt"}',
      });
      await waitForText(run.output, QUESTION);
      expect(run.output()).toContain('• Approval required for read_file\n');
      run.type('y\n');
      expect(await run.exit).toBe(0);
      expect(run.output()).toMatch(/\nold\n/);
    });
  },
);
