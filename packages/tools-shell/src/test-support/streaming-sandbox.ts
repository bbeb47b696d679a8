import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { signalProcessGroup } from '@toolgate/core';
import type { SandboxProcess, SandboxProcessRequest, SandboxSession } from '../executor/sandbox-session.js';
import { createDirectorySandbox } from './directory-sandbox.js';

/**
 * A real sandbox with `startProcess` for tests: each command is a `/bin/sh -c` process group of its
 * own in `root` (the sandbox's copy of the workspace), handed back as a `SandboxProcess` whose
 * `stop` signals the whole group, as a container's does.
 */
export function createStreamingSandbox(
  root: string,
  id = 'sbx_stream',
): SandboxSession & { requests: SandboxProcessRequest[] } {
  const requests: SandboxProcessRequest[] = [];
  const base = createDirectorySandbox(root, id);
  return {
    id,
    providerId: 'streaming',
    requests,
    execute: base.execute,
    async startProcess(request): Promise<SandboxProcess> {
      requests.push(request);
      const child = spawn('/bin/sh', ['-c', request.command], {
        cwd: join(root, request.workingDirectory),
        env: { PATH: '/usr/bin:/bin', IN_SANDBOX: '1' },
        detached: true,
        stdio: [request.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      const pid = child.pid!;
      const exited = new Promise<{ exitCode: number | null; signal: string | null }>((resolve) =>
        child.once('close', (code, signal) => resolve({ exitCode: code, signal })),
      );
      let ended = false;
      void exited.then(() => (ended = true));
      const { PassThrough } = await import('node:stream');
      return {
        pid,
        stdin: child.stdin ?? new PassThrough().end(),
        stdout: child.stdout!,
        stderr: child.stderr!,
        exited,
        async stop(graceMs) {
          if (ended) return;
          signalProcessGroup(pid, 'SIGTERM');
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
          if (!ended) signalProcessGroup(pid, 'SIGKILL');
          await exited;
        },
      };
    },
  };
}
