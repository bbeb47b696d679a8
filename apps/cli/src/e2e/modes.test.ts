import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

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

const call = (mode: string, tool: string, args: unknown) =>
  runToolgate(['call', tool, JSON.stringify(args), '--cwd', root, '--approval', mode]);

const run = (mode: string, prompt: string) =>
  runToolgate([
    'run',
    prompt,
    '--cwd',
    root,
    '--approval',
    mode,
    '--model',
    'openai-compatible:fake',
    '--base-url',
    server.baseURL,
  ]);

const PATCH = '*** Begin Patch\n*** Add File: added.txt\n+added\n*** End Patch\n';

describe.skipIf(SKIP_REASON !== undefined)(
  `approval modes in the CLI, end to end ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('plan: call refuses write_file, edit, apply_patch and bash (asked, nobody there), exit 3 each; read_file runs', async () => {
      await writeFile(join(root, 'a.txt'), 'one\n');
      const calls: [string, unknown][] = [
        ['write_file', { path: 'a.txt', content: 'two\n' }],
        ['edit', { path: 'a.txt', old_string: 'one', new_string: 'two' }],
        ['apply_patch', { patch: PATCH }],
      ];
      for (const [tool, args] of calls) {
        const result = await call('plan', tool, args);
        expect({ tool, code: result.code }).toEqual({ tool, code: 3 });
        expect(result.stderr).toContain('plan mode: this call would change something, so it did not run');
      }
      const bash = await call('plan', 'bash', { action: 'exec', command: 'echo hi > b.txt' });
      expect(bash.code).toBe(3);
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one\n');
      await expect(readFile(join(root, 'added.txt'))).rejects.toThrow();
      await expect(readFile(join(root, 'b.txt'))).rejects.toThrow();
      expect((await call('plan', 'read_file', { path: 'a.txt' })).code).toBe(0);
    });

    it('accept-edits: apply_patch (which asks in safe) runs unasked; bash still asks, and with nobody to ask is refused', async () => {
      expect((await call('safe', 'apply_patch', { patch: PATCH })).code).toBe(3);
      const patched = await call('accept-edits', 'apply_patch', { patch: PATCH });
      expect(patched.code).toBe(0);
      expect(await readFile(join(root, 'added.txt'), 'utf8')).toBe('added\n');
      const alias = await call('acceptEdits', 'write_file', { path: 'w.txt', content: 'w\n' });
      expect(alias.code).toBe(0);
      const bash = await call('accept-edits', 'bash', { action: 'exec', command: 'echo hi > b.txt' });
      expect(bash.code).toBe(3);
      expect(bash.stderr).toContain('Nobody to ask (no terminal): accept-edits mode asks about it');
      await expect(readFile(join(root, 'b.txt'))).rejects.toThrow();
    });

    it('dont-ask: call refuses bash without a question and exits 3; reads and writes safe runs still run', async () => {
      const bash = await call('dont-ask', 'bash', { action: 'exec', command: 'echo hi > b.txt' });
      expect(bash.code).toBe(3);
      expect(bash.stderr).toContain('dont-ask mode: this call would need a person');
      expect(bash.stderr).not.toContain('Nobody to ask');
      await expect(readFile(join(root, 'b.txt'))).rejects.toThrow();
      expect((await call('dontAsk', 'write_file', { path: 'w.txt', content: 'w\n' })).code).toBe(0);
    });

    it('dont-ask: run goes on after the refusal (the model reads it) and exits 3', async () => {
      server.reply(
        { toolCalls: [{ name: 'bash', arguments: { action: 'exec', command: 'echo hi > b.txt' } }] },
        { text: 'I could not run it.' },
      );
      const result = await run('dont-ask', 'make b.txt');
      expect(result.code).toBe(3);
      expect(result.stdout).toBe('I could not run it.\n');
      expect(JSON.stringify(server.requests[1]!.body!.messages)).toContain(
        'dont-ask mode: this call would need',
      );
      await expect(readFile(join(root, 'b.txt'))).rejects.toThrow();
    });

    it('plan: run refuses the write, the model reads "propose the change instead" and answers; exit 3', async () => {
      server.reply(
        { toolCalls: [{ name: 'write_file', arguments: { path: 'x.txt', content: 'x' } }] },
        { text: 'Here is my plan.' },
      );
      const result = await run('plan', 'write x.txt');
      expect(result.code).toBe(3);
      expect(result.stdout).toBe('Here is my plan.\n');
      expect(JSON.stringify(server.requests[1]!.body!.messages)).toContain('Propose the change instead');
      await expect(readFile(join(root, 'x.txt'))).rejects.toThrow();
    });

    it('shows the plan the model keeps under the turn, in plan mode too', async () => {
      server.reply(
        {
          toolCalls: [
            {
              name: 'update_plan',
              arguments: {
                steps: [
                  { step: 'Read the code', status: 'completed' },
                  { step: 'Propose a fix', status: 'pending' },
                ],
              },
            },
          ],
        },
        { text: 'planned' },
      );
      const result = await run('plan', 'plan it');
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('Plan: 1 of 2 done');
      expect(result.stderr).toContain('✓ Read the code');
      expect(result.stderr).toContain('· Propose a fix');
    });

    it('refuses an unknown mode with the list of names', async () => {
      const result = await call('yolo', 'read_file', { path: 'a.txt' });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        'manual, safe, auto, plan, accept-edits, dont-ask (or acceptEdits, dontAsk, bypassPermissions)',
      );
    });
  },
);
