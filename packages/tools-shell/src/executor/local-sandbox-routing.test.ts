import { afterEach, describe, expect, it } from 'vitest';
import type { BashExecResult, BashProcessInfo, BashProcessLogChunk } from '../bash/bash-schema.js';
import { createEnvWrappingSandbox } from '../test-support/env-wrapping-sandbox.js';
import { createShellKit, outputOf, type ShellKit } from '../test-support/shell-test-kit.js';
import type { LocalSandboxSession } from './sandbox-session.js';

let kit: ShellKit | undefined;
afterEach(async () => {
  await kit?.dispose();
  kit = undefined;
});

async function logsUntilExited(shell: ShellKit, processId: string): Promise<BashProcessLogChunk> {
  for (;;) {
    const chunk = outputOf<BashProcessLogChunk>(await shell.call({ action: 'logs', processId }));
    if (chunk.status !== 'RUNNING') return chunk;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a local sandbox session', () => {
  it('spawns exec through the sandbox and reports its ids', async () => {
    const sandbox = createEnvWrappingSandbox();
    kit = await createShellKit({ sandbox });
    const result = outputOf<BashExecResult>(
      await kit.call({ command: 'echo "in=$IN_SANDBOX"; pwd', cwd: 'sub' }),
    );
    expect(result).toMatchObject({
      executionEnvironment: 'sandbox',
      exitCode: 0,
      sandboxProviderId: 'env',
      sandboxSessionId: 'sbx_env',
      stdout: `in=1\n${kit.root}/sub\n`,
    });
    expect(sandbox.requests).toEqual([
      { shell: { file: expect.any(String), args: ['-c'] }, workingDirectory: `${kit.root}/sub` },
    ]);
  });

  it('spawns start through the sandbox too, so background processes are confined alike', async () => {
    const sandbox = createEnvWrappingSandbox();
    kit = await createShellKit({ sandbox });
    const started = outputOf<BashProcessInfo>(
      await kit.call({ action: 'start', command: 'echo "in=$IN_SANDBOX"' }),
    );
    expect((await logsUntilExited(kit, started.processId)).content).toBe('[stdout] in=1\n');
    expect(sandbox.requests).toHaveLength(1);
  });

  it('stops a background process started through the sandbox, with its whole group', async () => {
    kit = await createShellKit({ sandbox: createEnvWrappingSandbox() });
    const started = outputOf<BashProcessInfo>(
      await kit.call({ action: 'start', command: 'read line; echo "got $line"; sleep 30' }),
    );
    await kit.call({ action: 'write', processId: started.processId, input: 'hello\n' });
    let content = '';
    while (!content.includes('got hello')) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      content = outputOf<BashProcessLogChunk>(
        await kit.call({ action: 'logs', processId: started.processId }),
      ).content;
    }
    const stopped = outputOf<BashProcessInfo>(
      await kit.call({ action: 'stop', processId: started.processId }),
    );
    expect(stopped).toMatchObject({ status: 'STOPPED', signal: 'SIGTERM' });
  });

  it('reports sandbox_failed for exec and start when the sandbox cannot prepare the command', async () => {
    const failing: LocalSandboxSession = {
      id: 'sbx_down',
      providerId: 'env',
      wrapShell: async () => {
        throw new Error('namespace setup failed');
      },
    };
    kit = await createShellKit({ sandbox: failing });
    const expected = {
      status: 'failure',
      error: {
        code: 'sandbox_failed',
        message: 'Sandbox env/sbx_down could not prepare the command: namespace setup failed',
      },
    };
    expect(await kit.call({ command: 'echo hi' })).toEqual(expected);
    expect(await kit.call({ action: 'start', command: 'echo hi' })).toEqual(expected);
    expect(kit.processes.list()).toEqual([]);
  });
});
