import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createToolSurface, createWorkspace, standardDecorators, type ToolResult } from '@toolgate/core';
import {
  type BashExecResult,
  type BashProcessInfo,
  type BashProcessLogChunk,
  createProcessRegistry,
  createShellTools,
  type ProcessRegistry,
} from '@toolgate/tools-shell';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContainerSandbox } from './open-container-sandbox.js';
import {
  type ContainerFixture,
  createContainerFixture,
  findTestEngine,
  openFixtureContainer,
  sessionContainers,
} from './test-support/container-test-kit.js';

const engine = await findTestEngine();
if (!engine.ok) console.warn(`container sandbox tests skipped: ${engine.reason}`);
const describeWithEngine = engine.ok ? describe : describe.skip;

function outputOf<T>(result: ToolResult): T {
  if (result.status !== 'success') throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result.output as T;
}

describeWithEngine('bash in a container sandbox', () => {
  const ready = engine as Extract<typeof engine, { ok: true }>;
  let fixture: ContainerFixture;
  let sandbox: ContainerSandbox;
  let processes: ProcessRegistry;

  beforeAll(async () => {
    fixture = await createContainerFixture();
    sandbox = await openFixtureContainer(ready, fixture, { limits: { memoryBytes: 64 * 1024 * 1024 } });
  });
  afterAll(async () => {
    await sandbox?.close();
    await fixture?.dispose();
  });
  beforeEach(() => {
    processes = createProcessRegistry({ stopGraceMs: 500 });
  });
  afterEach(async () => {
    await processes.close();
  });

  function bash() {
    const { bash: tool } = createShellTools({
      workspace: createWorkspace({ root: fixture.workspace }),
      processes,
      sandbox,
      killGraceMs: 500,
    });
    const surface = createToolSurface({
      tools: [tool],
      decorators: standardDecorators({ approval: { mode: 'auto' } }),
    });
    let counter = 0;
    return (argumentsValue: Record<string, unknown>) =>
      surface.executor.execute({ id: `call_${++counter}`, name: 'bash', arguments: argumentsValue });
  }

  const exec = async (command: string, extra: Record<string, unknown> = {}) =>
    outputOf<BashExecResult>(await bash()({ action: 'exec', command, ...extra }));

  it('runs exec in the container, with separate streams, the exit status and the container id', async () => {
    const result = await exec('cd sub && pwd; echo out; echo err >&2; exit 3');
    expect(result).toMatchObject({
      executionEnvironment: 'sandbox',
      sandboxProviderId: 'container',
      sandboxSessionId: sandbox.id,
      exitCode: 3,
      stdout: `${join(fixture.workspace, 'sub')}\nout\n`,
      stderr: 'err\n',
      timedOut: false,
    });
    expect(sandbox.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes in the workspace reach the host; a write outside it fails', async () => {
    const inside = await exec('echo made > made.txt');
    expect(inside.exitCode).toBe(0);
    expect(await readFile(join(fixture.workspace, 'made.txt'), 'utf8')).toBe('made\n');
    const outside = await exec('echo x > /etc/owned || echo refused; echo y > /tmp/ok && cat /tmp/ok');
    expect(outside.stdout).toBe('refused\ny\n');
    expect(outside.stderr).toMatch(/Read-only file system/);
  });

  it('keeps .git and the config read-only and secrets unreadable', async () => {
    const result = await exec(
      'touch .git/hooks/pre-commit 2>/dev/null || echo git-ro; echo x >> toolgate.config.json 2>/dev/null || echo config-ro; cat .env 2>/dev/null || echo env-unreadable; cat sub/server.pem 2>/dev/null || echo pem-unreadable; cat .git/HEAD',
    );
    expect(result.stdout).toBe('git-ro\nconfig-ro\nenv-unreadable\npem-unreadable\nref: refs/heads/main\n');
    expect(await readFile(join(fixture.workspace, '.env'), 'utf8')).toBe('API_KEY=workspace-secret\n');
  });

  it('has no network but its own loopback', async () => {
    const result = await exec(
      'cat /sys/class/net/*/operstate >/dev/null; ls /sys/class/net; (exec 3<>/dev/tcp/1.1.1.1/80) 2>&1 | head -1',
    );
    expect(result.stdout.split('\n')[0]).toBe('lo');
    expect(result.stdout).toMatch(/unreachable|not permitted|refused/i);
  });

  it('enforces the memory limit', async () => {
    const result = await exec('x=$(head -c 200000000 /dev/zero | tr "\\0" a) && echo survived');
    expect(result.stdout).not.toMatch(/survived/);
    expect(result.exitCode).not.toBe(0);
  });

  it('times out a command and stops its whole process group in the container', async () => {
    const result = await exec('sleep 300 & sleep 301 & wait', { timeoutMs: 1500 });
    expect(result.timedOut).toBe(true);
    const left = await exec('ps -eo args | grep -c "^sleep 30[01]" || true');
    expect(left.stdout.trim()).toBe('0');
  });

  it('runs start in the container: logs, write, stop, and the registry stops it at session end', async () => {
    const call = bash();
    const started = outputOf<BashProcessInfo>(
      await call({ action: 'start', command: 'echo ready; while read line; do echo "got $line"; done' }),
    );
    expect(started.status).toBe('RUNNING');
    await call({ action: 'write', processId: started.processId, input: 'one\n' });
    for (;;) {
      const chunk = outputOf<BashProcessLogChunk>(
        await call({ action: 'logs', processId: started.processId }),
      );
      if (chunk.content.includes('got one')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const lingering = outputOf<BashProcessInfo>(await call({ action: 'start', command: 'sleep 302' }));
    expect(lingering.status).toBe('RUNNING');
    const stopped = outputOf<BashProcessInfo>(await call({ action: 'stop', processId: started.processId }));
    expect(stopped.status).toBe('STOPPED');
    await processes.close();
    expect(
      outputOf<BashProcessInfo>(await call({ action: 'status', processId: lingering.processId })).status,
    ).toBe('STOPPED');
    const left = await exec('ps -eo args | grep -c "^sleep 302" || true');
    expect(left.stdout.trim()).toBe('0');
  });

  it('leaves no container once the session is closed', async () => {
    const other = await openFixtureContainer(ready, fixture);
    expect(await sessionContainers(ready.client)).toContain(other.id);
    await other.close();
    expect(await sessionContainers(ready.client)).not.toContain(other.id);
  });
});
