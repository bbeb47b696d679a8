import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BashExecResult, BashProcessInfo, BashProcessLogChunk } from '../bash/bash-schema.js';
import {
  createShellKit,
  liveProcessesWithMarker,
  outputOf,
  type ShellKit,
} from '../test-support/shell-test-kit.js';
import { createStreamingSandbox } from '../test-support/streaming-sandbox.js';

let sandboxRoot: string;
let sandbox: ReturnType<typeof createStreamingSandbox>;
let kit: ShellKit;

beforeEach(async () => {
  sandboxRoot = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-streaming-')));
  await mkdir(join(sandboxRoot, 'sub'));
  sandbox = createStreamingSandbox(sandboxRoot);
  kit = await createShellKit({ sandbox, killGraceMs: 200, registry: { stopGraceMs: 200 } });
});
afterEach(async () => {
  await kit.dispose();
  await rm(sandboxRoot, { recursive: true, force: true });
});

describe('a sandbox with startProcess', () => {
  it('streams exec through it: separate streams, the exit status, the ids, output capped', async () => {
    const result = outputOf<BashExecResult>(
      await kit.call({
        action: 'exec',
        command: 'pwd; echo "in=$IN_SANDBOX"; echo err >&2; head -c 600000 /dev/zero | tr "\\0" a; exit 4',
        cwd: 'sub',
      }),
    );
    expect(result).toMatchObject({
      executionEnvironment: 'sandbox',
      sandboxProviderId: 'streaming',
      sandboxSessionId: 'sbx_stream',
      exitCode: 4,
      stderr: 'err\n',
      truncated: true,
      timedOut: false,
      workingDirectory: 'sub',
    });
    expect(result.stdout.startsWith(`${join(sandboxRoot, 'sub')}\nin=1\naaa`)).toBe(true);
    expect(result.stdout.length).toBeLessThan(300_000);
    expect(
      sandbox.requests.map((request) => [request.stdin, request.workingDirectory, request.metadata.action]),
    ).toEqual([[false, 'sub', 'exec']]);
  });

  it('stops the whole group at the timeout and says so', async () => {
    const marker = `marker-${process.pid}-timeout`;
    const result = outputOf<BashExecResult>(
      await kit.call({
        action: 'exec',
        command: `sh -c 'sleep 300; : ${marker}' & sh -c 'sleep 301; : ${marker}'; wait`,
        timeoutMs: 1000,
      }),
    );
    expect(result).toMatchObject({ timedOut: true, exitCode: null });
    expect(await liveProcessesWithMarker(marker)).toEqual([]);
  });

  it('runs start in it, under the registry: logs, write, stop, and close', async () => {
    const started = outputOf<BashProcessInfo>(
      await kit.call({ action: 'start', command: 'echo ready; while read line; do echo "got $line"; done' }),
    );
    expect(started).toMatchObject({ status: 'RUNNING', pid: expect.any(Number) });
    outputOf(await kit.call({ action: 'write', processId: started.processId, input: 'one\n' }));
    for (;;) {
      const chunk = outputOf<BashProcessLogChunk>(
        await kit.call({ action: 'logs', processId: started.processId }),
      );
      if (chunk.content.includes('got one')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const stopped = outputOf<BashProcessInfo>(
      await kit.call({ action: 'stop', processId: started.processId }),
    );
    expect(stopped.status).toBe('STOPPED');
    const marker = `marker-${process.pid}-close`;
    const lingering = outputOf<BashProcessInfo>(
      await kit.call({ action: 'start', command: `sh -c 'sleep 302; : ${marker}'` }),
    );
    await kit.processes.close();
    expect(kit.processes.status(lingering.processId)).toMatchObject({ output: { status: 'STOPPED' } });
    expect(await liveProcessesWithMarker(marker)).toEqual([]);
    expect(
      sandbox.requests
        .filter((request) => request.metadata.action === 'start')
        .map((request) => request.stdin),
    ).toEqual([true, true]);
  });

  it('reports a start the sandbox cannot make as sandbox_failed', async () => {
    const failing = { ...sandbox, startProcess: () => Promise.reject(new Error('engine gone')) };
    const other = await createShellKit({ sandbox: failing });
    try {
      const result = await other.call({ action: 'start', command: 'true' });
      expect(result).toMatchObject({ status: 'failure', error: { code: 'sandbox_failed' } });
      expect(JSON.stringify(result)).toMatch(/engine gone/);
    } finally {
      await other.dispose();
    }
  });
});
