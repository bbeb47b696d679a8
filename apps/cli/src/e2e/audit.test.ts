import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInPty } from './test-support/run-in-pty.js';
import {
  createTempWorkspace,
  E2E_OPTIONS,
  PTY_SKIP_REASON,
  runToolgate,
  waitForText,
} from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let server: FakeModelServer;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await workspace.dispose();
});

describe.skipIf(PTY_SKIP_REASON !== undefined)(
  `the audit log of real CLI sessions ${PTY_SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('an audit file that cannot be opened is a configuration error: exit 2, one line, no stack', async () => {
      const result = await runToolgate(
        ['call', 'read_file', '{"path":"x"}', '--cwd', root, '--audit', join(root, 'missing', 'a.jsonl')],
        { cwd: root },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/cannot be opened \(ENOENT\): its directory does not exist/);
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    });

    it('appends one line per decision across runs and calls: an approval, a hook block, a rule denial, a refused secret; no argument value', async () => {
      const config = join(root, 'guard.json');
      const audit = join(root, 'audit.jsonl');
      await writeFile(
        config,
        JSON.stringify({
          hooks: { preToolUse: [{ matcher: 'read_file', command: 'echo "reads are off" >&2; exit 2' }] },
          permissions: { deny: ['bash(rm:*)'] },
        }),
      );
      const common = ['--cwd', root, '--config', config, '--audit', audit, '--approval', 'manual'];
      const model = ['--model', 'openai-compatible:fake', '--base-url', server.baseURL];
      // 1. run: the person approves a write on the terminal.
      server.reply(
        {
          toolCalls: [
            { id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'sk-live-approved' } },
          ],
        },
        { text: 'done' },
      );
      const approved = runInPty(['run', 'write it', ...model, ...common], { cwd: root });
      await waitForText(approved.output, 'Approve?');
      approved.type('y\n');
      expect(await approved.exit).toBe(0);
      // 2. run: the hook blocks a read before anyone is asked.
      server.reply({ toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: 'a.txt' } }] });
      const hooked = await runToolgate(['run', 'read it', ...model, ...common], { cwd: root });
      expect(hooked.code).toBe(3);
      // 3. run: a deny rule refuses a command line with rm in it, unasked.
      server.reply({
        toolCalls: [
          {
            id: 'b1',
            name: 'bash',
            arguments: { action: 'exec', command: 'echo sk-live-rm && rm -rf a.txt' },
          },
        ],
      });
      const denied = await runToolgate(['run', 'clean up', ...model, ...common], { cwd: root });
      expect(denied.code).toBe(3);
      // 4. call: a secret is refused by the workspace, before any decision.
      const secret = await runToolgate(
        ['call', 'write_file', '{"path":".env","content":"API_KEY=sk-live-secret"}', ...common],
        { cwd: root },
      );
      expect(secret.code).toBe(1);
      const text = await readFile(audit, 'utf8');
      const records = text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(records).toEqual([
        {
          time: expect.any(String),
          session: expect.any(String),
          callId: 'w1',
          tool: 'write_file',
          arguments: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
          mode: 'manual',
          decidedBy: 'mode',
          answeredBy: 'terminal',
          answer: 'allow_once',
          questionMs: expect.any(Number),
          status: 'success',
        },
        {
          time: expect.any(String),
          session: expect.any(String),
          callId: 'r1',
          tool: 'read_file',
          arguments: expect.stringMatching(/^sha256:/),
          decidedBy: 'hook',
          hook: 'echo "reads are off" >&2; exit 2',
          status: 'rejected',
          rejectedBy: 'hook',
        },
        {
          time: expect.any(String),
          session: expect.any(String),
          callId: 'b1',
          tool: 'bash',
          arguments: expect.stringMatching(/^sha256:/),
          mode: 'manual',
          decidedBy: 'rule',
          rule: { text: 'bash(rm:*)', source: config },
          status: 'rejected',
          rejectedBy: 'rule',
        },
        {
          time: expect.any(String),
          session: expect.any(String),
          callId: expect.any(String),
          tool: 'write_file',
          arguments: expect.stringMatching(/^sha256:/),
          status: 'failure',
          errorCode: 'secret_file',
        },
      ]);
      expect(new Set(records.map((record) => record.session)).size).toBe(4);
      expect(text).not.toContain('sk-live');
    });
  },
);
