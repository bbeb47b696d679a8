import { mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APPROVAL_MODES,
  type ApprovalRequest,
  approvalDecision,
  createApprovalMemory,
  createToolSurface,
  InvalidOptionsError,
  serializeToolResult,
  standardDecorators,
} from '@toolgate/core';
import { checkToolConformance } from '@toolgate/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createShellTools } from '../create-shell-tools.js';
import { createShellKit, type ShellKit } from '../test-support/shell-test-kit.js';
import { BASH_ACTIONS } from './bash-schema.js';
import { BASH_SPEC } from './bash-spec.js';

let kit: ShellKit;
beforeEach(async () => {
  kit = await createShellKit();
});
afterEach(async () => {
  await kit.dispose();
});

describe('bash definition', () => {
  it('matches the snapshot the model sees', () => {
    expect(BASH_SPEC.definition).toMatchSnapshot();
    expect(kit.tools.bash.definition).toEqual(BASH_SPEC.definition);
  });

  it('checks its options when created, before the code that runs commands loads', async () => {
    const { workspace, processes } = kit;
    const create = (options: Parameters<typeof createShellTools>[0]) => () => createShellTools(options);
    expect(create({ workspace, processes, maxOutputBytes: 10 })).toThrow(InvalidOptionsError);
    expect(create({ workspace, processes, killGraceMs: -1 })).toThrow(InvalidOptionsError);
    expect(create({ workspace, processes, defaultTimeoutMs: 2 ** 31 })).toThrow(InvalidOptionsError);
    // A given executor is used as is: the output cap of the executor bash would build is not read.
    const given = createShellTools({
      workspace,
      processes,
      maxOutputBytes: 10,
      executor: {
        execute: async () => ({ status: 'failure', error: { code: 'io_error', message: 'given' } }),
      },
    });
    expect(
      await createToolSurface({ tools: [given.bash] }).executor.execute({
        id: 'c',
        name: 'bash',
        arguments: { action: 'exec', command: 'true' },
      }),
    ).toEqual({ status: 'failure', error: { code: 'io_error', message: 'given' } });
  });

  it('passes the core conformance kit', async () => {
    expect(
      await checkToolConformance([kit.tools.bash], {
        abortWhileExecuting: { bash: { command: 'sleep 30' } },
        invalidArguments: [
          { action: 'EXEC', command: 'true' },
          { action: 'exec', command: '   ' },
          { action: 'start' },
          { action: 'write', input: 'x' },
          { command: 'true', timeoutMs: 'soon' },
          { command: 'true', timeoutMs: 1e300 },
          { action: 'logs', processId: 'p', offset: 1.5 },
          { command: 'true', cwd: 42 },
        ],
      }),
    ).toEqual([]);
  });
});

describe('bash arguments', () => {
  it('checks the fields each action needs with AI4J’s messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'bash exec requires a non-empty command'],
      [{ action: 'exec', command: ' \n ' }, 'bash exec requires a non-empty command'],
      [{ action: 'start' }, 'bash start requires a non-empty command'],
      [{ action: 'status' }, 'bash status requires a processId'],
      [{ action: 'logs', processId: '  ' }, 'bash logs requires a processId'],
      [{ action: 'write', input: 'x' }, 'bash write requires a processId'],
      [{ action: 'stop' }, 'bash stop requires a processId'],
    ];
    for (const [argumentsValue, message] of cases) {
      expect(await kit.call(argumentsValue)).toEqual({
        status: 'failure',
        error: { code: 'invalid_arguments', message },
      });
    }
  });

  it('refuses an unknown action, quoting it and listing the valid ones', async () => {
    expect(await kit.call({ action: 'run', command: 'ls' })).toEqual({
      status: 'failure',
      error: {
        code: 'invalid_arguments',
        message:
          'Invalid arguments for bash: `action` must be one of "exec", "start", "status", "logs", "write", "stop", "list"; got string "run".',
      },
    });
  });

  it('refuses bad input of every kind with a failure, never a throw', async () => {
    const bad: unknown[] = [
      '{nope',
      '[]',
      'null-ish',
      { command: 5 },
      { command: 'ls', timeoutMs: 1.5 },
      { command: 'ls', timeoutMs: 3_000_000_000 },
      { command: 'ls', cwd: ['a'] },
      { action: 'logs', processId: 'p', limit: 'ten' },
      { action: 'write', processId: 'p', input: 'z'.repeat(1_048_577) },
      { command: 'ls', extra: true },
    ];
    for (const argumentsValue of bad) {
      const result = await kit.call(argumentsValue);
      expect(result).toMatchObject({ status: 'failure', error: { code: 'invalid_arguments' } });
    }
  });

  it('accepts numbers sent as decimal text', async () => {
    expect(await kit.call({ command: 'sleep 5', timeoutMs: '200' })).toMatchObject({
      status: 'success',
      output: { timedOut: true },
    });
  });

  it('treats null optional fields as absent', async () => {
    expect(
      await kit.call({ action: null, command: 'printf ok', cwd: null, timeoutMs: null, processId: null }),
    ).toMatchObject({ status: 'success', output: { stdout: 'ok' } });
  });
});

describe('bash approval', () => {
  async function askedFor(argumentsValue: Record<string, unknown>, mode: 'safe' | 'manual' = 'safe') {
    const requests: ApprovalRequest[] = [];
    const surface = createToolSurface({
      tools: [kit.tools.bash],
      decorators: standardDecorators({
        approval: {
          mode,
          memory: createApprovalMemory(),
          approver: async (request) => {
            requests.push(request);
            return 'reject_once';
          },
        },
      }),
    });
    const result = await surface.executor.execute({ id: 'c1', name: 'bash', arguments: argumentsValue });
    return { result, requests };
  }

  it('shows the resolved cwd and the command to the approver', async () => {
    const { result, requests } = await askedFor({ command: 'rm -rf build', cwd: './sub/' });
    expect(requests.map((request) => [request.lines, request.detail, request.locations])).toEqual([
      [['exec in sub', 'rm -rf build'], 'rm -rf build', ['sub']],
    ]);
    expect(result).toEqual({ status: 'rejected', by: 'approval', reason: 'The user declined: rm -rf build' });
    expect(serializeToolResult(result, { id: 'c1', name: 'bash' })).toBe(
      '[approval-rejected] The user declined: rm -rf build',
    );
  });

  it('never asks about a call that cannot run', async () => {
    for (const argumentsValue of [
      { action: 'exec' },
      { command: 'ls', cwd: 'missing' },
      { action: 'stop', processId: 'proc_unknown' },
      { action: 'logs', processId: 'proc_unknown' },
    ]) {
      const { result, requests } = await askedFor(argumentsValue, 'manual');
      expect(requests).toEqual([]);
      expect(result.status).toBe('failure');
    }
  });

  it('never runs in a cwd that missing/.. and a link lead outside', async () => {
    const outside = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-outside-')));
    try {
      await symlink(outside, join(kit.root, 'link'));
      expect(await kit.call({ command: 'pwd', cwd: 'missing/../link' })).toEqual({
        status: 'failure',
        error: {
          code: 'not_found',
          message: `Cannot resolve "missing/../link": ${join(kit.root, 'missing')} does not exist, so ".." after it leads nowhere.`,
        },
      });
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('declares its approval table: safe and plan ask for exec, start, stop and write only, dont-ask refuses them', () => {
    const table = Object.fromEntries(
      BASH_ACTIONS.map((action) => [
        action,
        APPROVAL_MODES.map((mode) => approvalDecision(mode, BASH_SPEC, { action })).join(' '),
      ]),
    );
    // manual safe auto plan accept-edits dont-ask
    expect(table).toEqual({
      exec: 'ask ask run ask ask refuse',
      start: 'ask ask run ask ask refuse',
      status: 'ask run run run run run',
      logs: 'ask run run run run run',
      write: 'ask ask run ask ask refuse',
      stop: 'ask ask run ask ask refuse',
      list: 'ask run run run run run',
    });
  });

  it('remembers "always" for the exact command, and names it', async () => {
    const { requests } = await askedFor({ command: 'npm test' });
    expect([requests[0]?.rememberKey, requests[0]?.rememberLabel]).toEqual([
      'bash\u0000exec\u0000npm test',
      'always for `npm test`',
    ]);
    const { requests: chained } = await askedFor({ command: 'npm test; rm -rf /' });
    expect(chained[0]?.rememberKey).toBe('bash\u0000exec\u0000npm test; rm -rf /');
  });

  it('shows a long command whole and its escape sequences escaped', async () => {
    const command = `echo ${'x'.repeat(150)}; touch owned \u001b[2K\u001b[1G    ls -la`;
    const { requests } = await askedFor({ command });
    expect(requests[0]?.lines).toEqual(['exec in .', command.replaceAll('\u001b', '\\e')]);
  });

  it('runs status, logs and list without asking in safe mode', async () => {
    const { result, requests } = await askedFor({ action: 'list' });
    expect(requests).toEqual([]);
    expect(result).toEqual({ status: 'success', output: [], display: { summary: 'No processes.' } });
  });
});
