import { spawn } from 'node:child_process';

/** How one run of a command ended: its exit code, or why it could not run. */
export type ProbeOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const STDERR_KEPT = 2000;

/**
 * Runs `file args` once with no input and an empty environment, and says whether it exited 0
 * within `timeoutMs` (otherwise it is killed). The reason quotes the first line of its stderr.
 */
export function runProbe(file: string, args: readonly string[], timeoutMs: number): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { env: {}, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      if (stderr.length < STDERR_KEPT) stderr += text;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, reason: error.message });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve({ ok: true });
      const said = stderr.trim().split('\n')[0];
      const ended = signal ? `was killed by ${signal}` : `exited with ${code}`;
      resolve({ ok: false, reason: said ? `${ended}: ${said}` : ended });
    });
  });
}
