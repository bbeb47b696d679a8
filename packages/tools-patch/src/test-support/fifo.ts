import { spawn, spawnSync } from 'node:child_process';

/** Why FIFO tests are skipped (no `mkfifo`), or undefined. */
export const FIFO_SKIP_REASON =
  spawnSync('mkfifo', ['--version']).status === 0 ? undefined : 'skipped: `mkfifo` is not installed';

/**
 * Makes a FIFO at `path` whose content is `content`, should anything read it: a child process
 * writes it after a few seconds, so a tool that blocks reading the FIFO ends (and its test fails)
 * instead of hanging the test run. `release` stops that writer.
 */
export function createFifo(path: string, content: string): { release(): void } {
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo ${path} failed: ${made.stderr.toString()}`);
  const writer = spawn('sh', ['-c', 'sleep 3; printf %s "$1" > "$0"', path, content], { stdio: 'ignore' });
  return {
    release() {
      writer.kill('SIGKILL');
    },
  };
}
