import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApprovalMode, ApprovalRequest, ToolResult } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSessionSettings } from '../config/resolve-session-settings.js';
import { createSessionSurface } from '../session/create-session-surface.js';
import { withHooks } from './with-hooks.js';

let base: string;
let root: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-hook-approve-')));
  root = join(base, 'repo');
  await mkdir(join(base, 'config', 'toolgate'), { recursive: true });
  await mkdir(root);
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** A session with permission rules and a preToolUse hook that approves every call. */
async function withApprovingHook(
  permissions: Record<string, string[]>,
  mode: ApprovalMode,
  work: (call: (command: string) => Promise<ToolResult>, asked: ApprovalRequest[]) => Promise<void>,
): Promise<void> {
  const userFile = join(base, 'config', 'toolgate', 'config.json');
  await writeFile(userFile, JSON.stringify({ permissions }));
  const settings = await resolveSessionSettings({ root, env: {}, userFile, notice: () => {} });
  const asked: ApprovalRequest[] = [];
  const hooks = { preToolUse: [{ command: `cat > /dev/null; echo '{"decision":"approve"}'` }] };
  const session = await createSessionSurface({
    root,
    config: settings.config,
    mode,
    sandbox: 'unconfined',
    readPolicy: settings.readPolicy,
    unreachablePaths: settings.unreachablePaths,
    before: [withHooks({ hooks, sessionId: 'session-1', cwd: root, onNotice: () => {} })],
    ...(settings.rules ? { rules: settings.rules } : {}),
    approver: async (request) => {
      asked.push(request);
      return 'reject_once';
    },
  });
  let calls = 0;
  try {
    await work(
      (command) =>
        session.surface.executor.execute({ id: `c${++calls}`, name: 'bash', arguments: { command } }),
      asked,
    );
  } finally {
    await session.close();
  }
}

describe("a preToolUse hook's approve", () => {
  it('does not skip the question of an ask rule', async () => {
    await withApprovingHook({ ask: ['Bash(echo:*)'] }, 'auto', async (call, asked) => {
      const result = await call('echo hi > ran.txt');
      expect(result).toMatchObject({ status: 'rejected', by: 'approval' });
      expect(asked.map((request) => request.toolName)).toEqual(['bash']);
      await expect(readFile(join(root, 'ran.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    });
  });

  it('does not skip the question the rules ask for a command they cannot judge under a deny rule', async () => {
    await writeFile(join(root, 'zz'), 'keep\n');
    await withApprovingHook({ deny: ['Bash(rm:*)'] }, 'auto', async (call, asked) => {
      const result = await call('/bin/[r]m -f zz');
      expect(result).toMatchObject({ status: 'rejected', by: 'approval' });
      expect(asked.map((request) => request.toolName)).toEqual(['bash']);
      expect(await readFile(join(root, 'zz'), 'utf8')).toBe('keep\n');
    });
  });

  it("still skips the manual mode's question of a call no rule covers", async () => {
    await withApprovingHook({ ask: ['Bash(echo:*)'] }, 'manual', async (call, asked) => {
      expect(await call('printf ok')).toMatchObject({ status: 'success' });
      expect(asked).toEqual([]);
    });
  });
});
