import { readdir, readFile } from 'node:fs/promises';

/**
 * The running processes whose command line contains `marker`, compared with the arguments
 * NUL-separated as in /proc (so `sleep\0<n>` is the sleep itself, not a shell naming it).
 */
export async function processesWith(marker: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (command.includes(marker)) found.push(`${entry}: ${command.split('\0').join(' ')}`);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/**
 * The processes with `marker` still there once those that were ending have gone: a sandboxed
 * command's inner bubblewrap is killed by the kernel just after the outer one exits, so it may
 * linger for moments. The bound is far below the `sleep 30` the tests start, so a process really
 * left behind is still found.
 */
export async function leftAfterEnding(marker: string): Promise<string[]> {
  // Up to 5 s or more (each look reads /proc): a loaded machine may take that long to reap them.
  for (let attempt = 0; attempt < 250; attempt++) {
    if ((await processesWith(marker)).length === 0) return [];
    await new Promise((done) => setTimeout(done, 20));
  }
  return processesWith(marker);
}

/** Polls until `check` holds (the test's own timeout bounds it). */
export async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((done) => setTimeout(done, 20));
}
