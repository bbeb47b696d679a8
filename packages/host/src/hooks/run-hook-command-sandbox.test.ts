import { randomUUID } from 'node:crypto';
import { access, mkdir, mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BwrapSandbox, openBwrapSandbox } from '@toolgate/sandbox-bwrap';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHookCommand } from './run-hook-command.js';

let base: string;
let root: string;
let sandbox: BwrapSandbox | undefined;
let unavailable: string | undefined;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-hook-sandbox-')));
  root = join(base, 'repo');
  await mkdir(root);
  const opening = await openBwrapSandbox({
    workspaceRoot: root,
    mode: 'workspace-write',
    home: join(base, 'home'),
  });
  sandbox = opening.ok ? opening.sandbox : undefined;
  unavailable = opening.ok ? undefined : opening.reason;
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Live processes whose command line holds `marker`, from /proc. */
async function liveWith(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const [cmdline, stat] = await Promise.all([
        readFile(`/proc/${entry}/cmdline`, 'utf8'),
        readFile(`/proc/${entry}/stat`, 'utf8'),
      ]);
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (cmdline.includes(marker) && state !== 'Z' && state !== 'X') found.push(Number(entry));
    } catch {}
  }
  return found;
}

describe('a hook run in the sandbox', () => {
  it('reads the call on stdin and answers on stdout, and writes nothing outside the workspace', async (test) => {
    if (!sandbox) return test.skip(unavailable);
    const run = await runHookCommand({
      command: `read -r line; echo "$line" > seen.txt; echo escaped > '${base}/escaped.txt'; echo '{"decision":"approve"}'`,
      input: '{"tool_name":"bash"}\n',
      cwd: root,
      timeoutMs: 10_000,
      signal: new AbortController().signal,
      sandbox,
    });
    expect(run).toMatchObject({ type: 'exited', exitCode: 0, stdout: '{"decision":"approve"}\n' });
    expect(await readFile(join(root, 'seen.txt'), 'utf8')).toBe('{"tool_name":"bash"}\n');
    expect(await exists(join(base, 'escaped.txt'))).toBe(false);
  });

  it("gets the environment bash's commands get: no KEY, SECRET or TOKEN names", async (test) => {
    if (!sandbox) return test.skip(unavailable);
    process.env.TOOLGATE_HOOK_TEST_TOKEN = 'leak';
    try {
      const run = await runHookCommand({
        command: 'echo "[$TOOLGATE_HOOK_TEST_TOKEN]"',
        input: '',
        cwd: root,
        timeoutMs: 10_000,
        signal: new AbortController().signal,
        sandbox,
      });
      expect(run).toMatchObject({ type: 'exited', stdout: '[]\n' });
    } finally {
      delete process.env.TOOLGATE_HOOK_TEST_TOKEN;
    }
  });

  it('is killed with everything it started at its time limit', async (test) => {
    if (!sandbox) return test.skip(unavailable);
    const marker = `hook-${randomUUID()}`;
    const run = await runHookCommand({
      command: `sh -c 'sleep 60; : ${marker}' & exec sh -c 'sleep 61; : ${marker}'`,
      input: '',
      cwd: root,
      timeoutMs: 300,
      signal: new AbortController().signal,
      sandbox,
    });
    expect(run).toMatchObject({ type: 'failed', reason: expect.stringContaining('was killed') });
    for (let tries = 0; tries < 100 && (await liveWith(marker)).length > 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await liveWith(marker)).toEqual([]);
  });
});
