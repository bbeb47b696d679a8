import { randomUUID } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createToolSurface, createWorkspace, standardDecorators, type ToolResult } from '@toolgate/core';
import {
  BASH_TIMEOUT_HINT,
  type BashExecResult,
  type BashProcessInfo,
  type BashProcessLogChunk,
  createProcessRegistry,
  createShellTools,
  type ProcessRegistry,
  type ShellToolsOptions,
} from '@toolgate/tools-shell';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BwrapSandbox } from './open-bwrap-sandbox.js';
import {
  type BwrapFixture,
  bwrapUnavailableReason,
  createBwrapFixture,
  liveProcessesWithMarker,
  openFixtureSandbox,
} from './test-support/bwrap-test-kit.js';

const unavailable = await bwrapUnavailableReason();
if (unavailable) console.warn(`bash-in-bubblewrap tests skipped: ${unavailable}`);
const describeWithBwrap = unavailable ? describe.skip : describe;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

function outputOf<T>(result: ToolResult): T {
  if (result.status !== 'success') throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result.output as T;
}

let fixture: BwrapFixture;
let sandbox: BwrapSandbox;
let processes: ProcessRegistry;
beforeEach(async () => {
  fixture = await createBwrapFixture();
  sandbox = await openFixtureSandbox(fixture);
  processes = createProcessRegistry({ stopGraceMs: 200 });
  process.env.TOOLGATE_TEST_SECRET_VALUE = 'leak';
});
afterEach(async () => {
  delete process.env.TOOLGATE_TEST_SECRET_VALUE;
  await processes.close();
  await fixture.dispose();
});

/** A bash call through validation, preflight and approval, as a host makes it. */
function bash(options: Partial<ShellToolsOptions> = {}) {
  const { bash: tool } = createShellTools({
    workspace: createWorkspace({ root: fixture.workspace }),
    processes,
    sandbox,
    shellPath: '/bin/bash',
    ...options,
  });
  const surface = createToolSurface({
    tools: [tool],
    decorators: standardDecorators({ approval: { mode: 'auto' } }),
  });
  let counter = 0;
  return (argumentsValue: Record<string, unknown>) =>
    surface.executor.execute({ id: `call_${++counter}`, name: 'bash', arguments: argumentsValue });
}

async function logsOnceDone(call: ReturnType<typeof bash>, processId: string): Promise<BashProcessLogChunk> {
  for (;;) {
    const chunk = outputOf<BashProcessLogChunk>(await call({ action: 'logs', processId }));
    if (chunk.status !== 'RUNNING') return chunk;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeWithBwrap('bash with a bubblewrap sandbox bound', () => {
  it('runs exec in the sandbox, says where, and passes only the environment the shell policy allows', async () => {
    const result = outputOf<BashExecResult>(
      await bash()({
        command: `pwd; echo "secret=[$TOOLGATE_TEST_SECRET_VALUE]"; echo x >> ${fixture.home}/.bashrc`,
        cwd: 'sub',
      }),
    );
    expect(result).toMatchObject({
      executionEnvironment: 'sandbox',
      exitCode: 0,
      sandboxProviderId: 'bwrap',
      sandboxSessionId: sandbox.id,
      stdout: `${fixture.workspace}/sub\nsecret=[]\n`,
      workingDirectory: `${fixture.workspace}/sub`,
    });
    expect(await readFile(join(fixture.home, '.bashrc'), 'utf8')).toBe('# host bashrc\n');
  });

  it('leaves nothing running after exec, not even what setsid detached', async () => {
    const marker = `1000.${Date.now() % 100000}1`;
    const result = outputOf<BashExecResult>(
      await bash()({ command: `setsid sleep ${marker} > /dev/null 2>&1 & echo started`, timeoutMs: 60_000 }),
    );
    expect(result).toMatchObject({ exitCode: 0, stdout: 'started\n', timedOut: false });
    expect(await liveProcessesWithMarker(`sleep\0${marker}`)).toEqual([]);
  });

  it('confines a background start the same way, and stop ends it with everything it started', async () => {
    const call = bash();
    const marker = `1000.${Date.now() % 100000}2`;
    const outsidePath = `/tmp/toolgate-escape-${randomUUID()}`;
    const started = outputOf<BashProcessInfo>(
      await call({
        action: 'start',
        command: `echo x > ${outsidePath}; echo y >> ${fixture.home}/.bashrc; echo z > .git/hooks/post-merge; cat .env; echo inside > made.txt; setsid sleep ${marker} & read line; echo "got $line"; sleep ${marker}`,
      }),
    );
    await call({ action: 'write', processId: started.processId, input: 'ping\n' });
    let content = '';
    while (!content.includes('got ping')) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      content = outputOf<BashProcessLogChunk>(
        await call({ action: 'logs', processId: started.processId }),
      ).content;
    }
    expect(content).toMatch(/post-merge: Read-only file system/);
    expect(content).toMatch(/\.env: Permission denied/);
    // Both sleeps (the detached one may still be starting) run before the stop.
    while ((await liveProcessesWithMarker(`sleep\0${marker}`)).length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const stopped = outputOf<BashProcessInfo>(await call({ action: 'stop', processId: started.processId }));
    expect(stopped.status).toBe('STOPPED');
    expect(await liveProcessesWithMarker(`sleep\0${marker}`)).toEqual([]);
    expect(await exists(outsidePath)).toBe(false);
    expect(await exists(join(fixture.workspace, '.git', 'hooks', 'post-merge'))).toBe(false);
    expect(await readFile(join(fixture.home, '.bashrc'), 'utf8')).toBe('# host bashrc\n');
    expect(await readFile(join(fixture.workspace, 'made.txt'), 'utf8')).toBe('inside\n');
    expect((await logsOnceDone(call, started.processId)).status).toBe('STOPPED');
  });

  it('times out as without the sandbox, and stops what the command left inside', async () => {
    const marker = `1000.${Date.now() % 100000}3`;
    const result = outputOf<BashExecResult>(
      // Ample time for bubblewrap to set up and the shell to print `begun`, even on a loaded machine.
      await bash({ killGraceMs: 200 })({ command: `echo begun >&2; sleep ${marker}`, timeoutMs: 3000 }),
    );
    expect(result).toMatchObject({
      exitCode: null,
      stderr: `begun\n\n${BASH_TIMEOUT_HINT}`,
      timedOut: true,
      executionEnvironment: 'sandbox',
    });
    expect(await liveProcessesWithMarker(`sleep\0${marker}`)).toEqual([]);
  });

  it('caps output as without the sandbox', async () => {
    const result = outputOf<BashExecResult>(
      await bash({ maxOutputBytes: 1024 })({ command: "head -c 3000 /dev/zero | tr '\\0' z" }),
    );
    expect(result).toMatchObject({ truncated: true, executionEnvironment: 'sandbox' });
    expect(result.stdout.startsWith('z'.repeat(512))).toBe(true);
    expect(result.stdout.endsWith('z'.repeat(512))).toBe(true);
    expect(result.stdout.length).toBeLessThan(1200);
  });

  it('stops the sandboxed command when the call is cancelled', async () => {
    const marker = `1000.${Date.now() % 100000}4`;
    const controller = new AbortController();
    const { bash: tool } = createShellTools({
      workspace: createWorkspace({ root: fixture.workspace }),
      processes,
      sandbox,
      killGraceMs: 200,
    });
    const surface = createToolSurface({
      tools: [tool],
      decorators: standardDecorators({ approval: { mode: 'auto' } }),
    });
    const pending = surface.executor.execute(
      { id: 'call_cancel', name: 'bash', arguments: { command: `sleep ${marker}` } },
      { signal: controller.signal },
    );
    while ((await liveProcessesWithMarker(`sleep\0${marker}`)).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    controller.abort();
    expect(await pending).toMatchObject({ status: 'failure', error: { code: 'aborted' } });
    expect(await liveProcessesWithMarker(`sleep\0${marker}`)).toEqual([]);
  });
});
