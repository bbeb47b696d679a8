import { access, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApprovalMode, ApprovalRequest, ToolEvent, ToolResult } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionSurface } from '../session/create-session-surface.js';
import type { HookSettings } from './hook-settings.js';
import { withHooks } from './with-hooks.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-hooks-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

interface Session {
  call(name: string, input: Record<string, unknown>): Promise<ToolResult>;
  readonly asked: ApprovalRequest[];
  readonly events: ToolEvent[];
  readonly notices: string[];
}

async function withSession(
  hooks: HookSettings,
  mode: ApprovalMode,
  work: (session: Session) => Promise<void>,
): Promise<void> {
  const asked: ApprovalRequest[] = [];
  const events: ToolEvent[] = [];
  const notices: string[] = [];
  const session = await createSessionSurface({
    root,
    mode,
    sandbox: 'unconfined',
    before: [withHooks({ hooks, sessionId: 'session-1', cwd: root, onNotice: (line) => notices.push(line) })],
    onEvent: (event) => events.push(event),
    approver: async (request) => {
      asked.push(request);
      return 'allow_once';
    },
  });
  let calls = 0;
  try {
    await work({
      asked,
      events,
      notices,
      call: (name, input) =>
        session.surface.executor.execute(
          { id: `c${++calls}`, name, arguments: input },
          { signal: new AbortController().signal },
        ),
    });
  } finally {
    await session.close();
  }
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Whether a process is alive (a zombie is not), waiting up to 10 s for a killed one to go. */
async function isRunning(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    if (stat === undefined || stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe('withHooks', () => {
  it('gives a preToolUse hook the call as JSON on stdin, and exit 0 continues', async () => {
    const hooks = { preToolUse: [{ command: 'cat > pre.json' }] };
    await withSession(hooks, 'auto', async ({ call }) => {
      expect(await call('write_file', { path: 'a.txt', content: 'hi' })).toMatchObject({ status: 'success' });
    });
    expect(JSON.parse(await readFile(join(root, 'pre.json'), 'utf8'))).toEqual({
      hook_event_name: 'PreToolUse',
      session_id: 'session-1',
      tool_name: 'write_file',
      tool_input: { path: 'a.txt', content: 'hi' },
      tool_use_id: 'c1',
      cwd: root,
    });
  });

  it('blocks on exit 2 with stderr as the reason, before anyone is asked, and the tool does not run', async () => {
    const hooks = {
      preToolUse: [{ command: 'echo "no writes today" >&2; exit 2', source: '/home/u/config.json' }],
    };
    await withSession(hooks, 'manual', async ({ call, asked, events }) => {
      expect(await call('write_file', { path: 'a.txt', content: 'hi' })).toEqual({
        status: 'rejected',
        by: 'hook',
        reason:
          'Blocked by the preToolUse hook "echo \\"no writes today\\" >&2; exit 2" (from /home/u/config.json): no writes today',
      });
      expect(asked).toEqual([]);
      expect(events.find((event) => event.type === 'approval-decision')).toMatchObject({
        by: 'hook',
        outcome: 'reject',
      });
    });
    expect(await exists(join(root, 'a.txt'))).toBe(false);
  });

  it('blocks on {"decision":"block"} and skips the question on {"decision":"approve"}', async () => {
    const block = { preToolUse: [{ command: `echo '{"decision":"block","reason":"use edit"}'` }] };
    await withSession(block, 'auto', async ({ call }) => {
      const result = await call('write_file', { path: 'a.txt', content: 'hi' });
      expect(result.status === 'rejected' && result.reason).toMatch(/: use edit$/);
    });
    const approve = { preToolUse: [{ command: `echo '{"decision":"approve"}'` }] };
    await withSession(approve, 'manual', async ({ call, asked, events }) => {
      expect(await call('write_file', { path: 'b.txt', content: 'hi' })).toMatchObject({ status: 'success' });
      expect(asked).toEqual([]);
      expect(events.find((event) => event.type === 'approval-decision')).toMatchObject({
        by: 'hook',
        outcome: 'run',
      });
    });
    await withSession({}, 'manual', async ({ call, asked }) => {
      await call('write_file', { path: 'c.txt', content: 'hi' });
      expect(asked).toHaveLength(1);
    });
  });

  it('fails closed: another exit status, a crash, unreadable JSON or a command that cannot start blocks', async () => {
    for (const [command, reason] of [
      ['exit 1', 'the hook failed (exit status 1), so the call is blocked'],
      ['kill -9 $$', 'the hook failed, so the call is blocked: it was killed by SIGKILL'],
      ['echo "{not json"', 'the hook printed JSON that does not parse, so the call is blocked'],
      [`echo '{"decision":"maybe"}'`, 'which is neither "block" nor "approve"'],
    ] as const) {
      await withSession({ preToolUse: [{ command }] }, 'auto', async ({ call }) => {
        const result = await call('write_file', { path: 'a.txt', content: 'hi' });
        expect(result.status === 'rejected' && result.by === 'hook' && result.reason, command).toContain(
          reason,
        );
      });
    }
    expect(await exists(join(root, 'a.txt'))).toBe(false);
  });

  it('kills the hook and what it started at the time limit, and blocks the call', async () => {
    const hooks = { preToolUse: [{ command: 'sleep 30 & echo $! > sleeper.pid; wait', timeoutMs: 500 }] };
    await withSession(hooks, 'auto', async ({ call }) => {
      const result = await call('write_file', { path: 'a.txt', content: 'hi' });
      expect(result).toMatchObject({
        status: 'rejected',
        by: 'hook',
        reason: expect.stringContaining('it did not finish within 500 ms and was killed'),
      });
    });
    const pid = Number(await readFile(join(root, 'sleeper.pid'), 'utf8'));
    expect(await isRunning(pid)).toBe(false);
  });

  it('leaves no background job of a hook that exited', async () => {
    const hooks = { preToolUse: [{ command: 'sleep 30 & echo $! > sleeper.pid' }] };
    await withSession(hooks, 'auto', async ({ call }) => {
      expect(await call('write_file', { path: 'a.txt', content: 'hi' })).toMatchObject({ status: 'success' });
    });
    const pid = Number(await readFile(join(root, 'sleeper.pid'), 'utf8'));
    expect(await isRunning(pid)).toBe(false);
  });

  it('runs only the hooks whose matcher names the tool, Claude Code names included', async () => {
    const hooks = {
      preToolUse: [
        { matcher: 'bash|edit', command: 'exit 2' },
        { matcher: 'write_*', command: 'touch matched' },
        { matcher: 'mcp__*', command: 'exit 2' },
        { matcher: 'Read|Bash', command: 'exit 2' },
        { matcher: 'Edit', command: 'touch matched-by-alias' },
      ],
    };
    await withSession(hooks, 'auto', async ({ call }) => {
      expect(await call('write_file', { path: 'a.txt', content: 'hi' })).toMatchObject({ status: 'success' });
    });
    expect(await exists(join(root, 'matched'))).toBe(true);
    expect(await exists(join(root, 'matched-by-alias'))).toBe(true);
  });

  it('gives postToolUse hooks the result after the tool ran, and reports a failing one without changing the result', async () => {
    await writeFile(join(root, 'r.txt'), 'content\n');
    const hooks = {
      postToolUse: [{ matcher: 'read_file', command: 'cat > post.json' }, { command: 'exit 3' }],
    };
    await withSession(hooks, 'auto', async ({ call, notices }) => {
      expect(await call('read_file', { path: 'r.txt' })).toMatchObject({ status: 'success' });
      expect(notices).toEqual(['toolgate: the postToolUse hook "exit 3" failed: exit status 3']);
    });
    const post = JSON.parse(await readFile(join(root, 'post.json'), 'utf8'));
    expect(post).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'read_file',
      tool_response: { status: 'success', output: { content: expect.stringContaining('content') } },
    });
  });
});
