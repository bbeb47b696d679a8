import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASH_TIMEOUT_HINT } from '../bash/bash-description.js';
import type { BashExecResult } from '../bash/bash-schema.js';
import { truncationMarker } from '../internal/head-tail-capture.js';
import { createDirectorySandbox } from '../test-support/directory-sandbox.js';
import { createShellKit, outputOf, type ShellKit } from '../test-support/shell-test-kit.js';
import type { SandboxSession } from './sandbox-session.js';

let sandboxRoot: string;
let sandbox: ReturnType<typeof createDirectorySandbox>;
let kit: ShellKit;

beforeEach(async () => {
  sandboxRoot = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-sandbox-')));
  await mkdir(join(sandboxRoot, 'sub'));
  sandbox = createDirectorySandbox(sandboxRoot);
  process.env.TOOLGATE_TEST_SECRET_VALUE = 'leak';
  kit = await createShellKit({ sandbox });
});
afterEach(async () => {
  delete process.env.TOOLGATE_TEST_SECRET_VALUE;
  await kit.dispose();
  await rm(sandboxRoot, { recursive: true, force: true });
});

describe('sandbox routing', () => {
  it('runs exec in the bound sandbox session and says so', async () => {
    const result = await kit.call({
      command: 'pwd; echo "in=$IN_SANDBOX secret=[$TOOLGATE_TEST_SECRET_VALUE]"; exit 3',
      cwd: 'sub',
      timeoutMs: 5000,
    });
    expect(result).toEqual({
      status: 'success',
      output: {
        command: 'pwd; echo "in=$IN_SANDBOX secret=[$TOOLGATE_TEST_SECRET_VALUE]"; exit 3',
        durationMs: expect.any(Number),
        executionEnvironment: 'sandbox',
        exitCode: 3,
        sandboxProviderId: 'directory',
        sandboxSessionId: 'sbx_test',
        signal: null,
        stderr: '',
        stdout: `${sandboxRoot}/sub\nin=1 secret=[]\n`,
        timedOut: false,
        truncated: false,
        workingDirectory: `${sandboxRoot}/sub`,
      },
      display: { summary: 'exit 3 (sandboxed)', text: `${sandboxRoot}/sub\nin=1 secret=[]\n` },
    });
    expect(sandbox.commands).toEqual([
      {
        command: 'pwd; echo "in=$IN_SANDBOX secret=[$TOOLGATE_TEST_SECRET_VALUE]"; exit 3',
        workingDirectory: 'sub',
        timeoutMs: 5000,
        signal: expect.any(AbortSignal),
        metadata: { tool: 'bash', routing: 'toolgate' },
      },
    ]);
  });

  it('still resolves cwd inside the local workspace before routing', async () => {
    expect(await kit.call({ command: 'ls', cwd: '../' })).toMatchObject({
      status: 'failure',
      error: { code: 'path_outside_workspace' },
    });
    expect(sandbox.commands).toEqual([]);
  });

  it('reports a sandbox timeout with the hint', async () => {
    const result = outputOf<BashExecResult>(
      // Ample time to print `begun` first, even on a loaded machine.
      await kit.call({ command: 'echo begun >&2; sleep 30', timeoutMs: 3000 }),
    );
    expect(result).toMatchObject({
      exitCode: null,
      signal: 'SIGKILL',
      stderr: `begun\n\n${BASH_TIMEOUT_HINT}`,
      timedOut: true,
      executionEnvironment: 'sandbox',
    });
  });

  it('caps sandbox output like local output', async () => {
    const small = await createShellKit({ sandbox, maxOutputBytes: 1024 });
    try {
      const result = outputOf<BashExecResult>(
        await small.call({ command: "head -c 3000 /dev/zero | tr '\\0' z" }),
      );
      expect(result).toMatchObject({
        stdout: 'z'.repeat(512) + truncationMarker(3000 - 1024, 1024) + 'z'.repeat(512),
        truncated: true,
      });
    } finally {
      await small.dispose();
    }
  });

  it('refuses start before approval, as background processes may not run outside the sandbox', async () => {
    expect(await kit.call({ action: 'start', command: 'pwd' })).toEqual({
      status: 'failure',
      error: {
        code: 'sandbox_failed',
        message:
          'Sandbox directory/sbx_test runs only foreground commands, and background processes may not run outside it. Use bash action=exec.',
      },
    });
    expect(kit.processes.list()).toEqual([]);
    expect(sandbox.commands).toEqual([]);
  });

  it('reports sandbox_failed when the session cannot run the command', async () => {
    const failing: SandboxSession = {
      id: 'sbx_down',
      providerId: 'directory',
      execute: async () => {
        throw new Error('sandbox is gone');
      },
    };
    const broken = await createShellKit({ sandbox: failing });
    try {
      expect(await broken.call({ command: 'ls' })).toEqual({
        status: 'failure',
        error: {
          code: 'sandbox_failed',
          message: 'Sandbox directory/sbx_down could not run the command: sandbox is gone',
        },
      });
    } finally {
      await broken.dispose();
    }
  });
});
