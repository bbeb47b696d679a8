import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { SandboxCommand, SandboxCommandResult, SandboxSession } from '../executor/sandbox-session.js';

/**
 * A real, minimal sandbox for tests: runs each command with `/bin/sh -c` in its own directory tree
 * (`root`, standing for the sandbox's copy of the workspace) with a scrubbed environment, and
 * kills the command's process group at the timeout.
 */
export function createDirectorySandbox(
  root: string,
  id = 'sbx_test',
): SandboxSession & { commands: SandboxCommand[] } {
  const commands: SandboxCommand[] = [];
  return {
    id,
    providerId: 'directory',
    commands,
    execute(command): Promise<SandboxCommandResult> {
      commands.push(command);
      const cwd = join(root, command.workingDirectory);
      return new Promise((resolve, reject) => {
        const child = spawn('/bin/sh', ['-c', command.command], {
          cwd,
          env: { PATH: '/usr/bin:/bin', HOME: root, IN_SANDBOX: '1' },
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        let timedOut = false;
        child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
        child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
        const timer = setTimeout(() => {
          timedOut = true;
          process.kill(-child.pid!, 'SIGKILL');
        }, command.timeoutMs);
        child.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        child.once('close', (code, signal) => {
          clearTimeout(timer);
          resolve({ exitCode: code, signal, stdout, stderr, timedOut, workingDirectory: cwd });
        });
      });
    },
  };
}
