import { randomInt } from 'node:crypto';
import {
  createLocalShellExecutor,
  createProcessRegistry,
  type LocalSandboxSession,
} from '@toolgate/tools-shell';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BwrapSandbox } from './open-bwrap-sandbox.js';
import {
  type BwrapFixture,
  bwrapUnavailableReason,
  createBwrapFixture,
  liveProcessesWithMarker,
  openFixtureSandbox,
} from './test-support/bwrap-test-kit.js';

const unavailable = await bwrapUnavailableReason();
if (unavailable) console.warn(`stop-during-setup tests skipped: ${unavailable}`);
const describeWithBwrap = unavailable ? describe.skip : describe;

// The delays only create the race with bubblewrap's set-up; the assertions are about processes alone.
const STOP_DELAYS_MS = [0, 1, 2, 5];
// 12 rounds × 4 delays: before the fix about 4 in 10 stops leaked, so a regression cannot pass unseen.
const ROUNDS = 12;
const CONCURRENCY = 4;

const sleepFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let fixture: BwrapFixture;
let sandbox: BwrapSandbox;
beforeAll(async () => {
  if (unavailable) return;
  fixture = await createBwrapFixture();
  sandbox = await openFixtureSandbox(fixture);
});
afterAll(async () => {
  await fixture?.dispose();
});

/** Runs `attempt` for every round and delay, a few at a time; returns the markers something still ran under. */
async function leftoversOf(
  runId: string,
  attempt: (marker: string, delayMs: number) => Promise<void>,
  rounds = ROUNDS,
): Promise<string[]> {
  const jobs = Array.from({ length: rounds }, (_, round) =>
    STOP_DELAYS_MS.map((delayMs, index) => ({ marker: `1000.${runId}${round * 10 + index}`, delayMs })),
  ).flat();
  const leftovers: string[] = [];
  for (let start = 0; start < jobs.length; start += CONCURRENCY) {
    await Promise.all(
      jobs.slice(start, start + CONCURRENCY).map(async ({ marker, delayMs }) => {
        await attempt(marker, delayMs);
        const live = await liveProcessesWithMarker(marker);
        if (live.length > 0) {
          leftovers.push(`${marker} (stopped ${delayMs} ms after spawn)`);
          for (const pid of live) {
            try {
              process.kill(pid, 'SIGKILL');
            } catch {}
          }
        }
      }),
    );
  }
  return leftovers;
}

describeWithBwrap('stopping a sandboxed command while bubblewrap sets up', () => {
  it('leaves no process of a cancelled exec, whenever the cancel comes', { timeout: 300_000 }, async () => {
    const leftovers = await leftoversOf(String(randomInt(100_000, 999_999)), async (marker, delayMs) => {
      const controller = new AbortController();
      // Cancels `delayMs` after bash spawns what the sandbox said to spawn.
      const cancelling: LocalSandboxSession = {
        id: sandbox.id,
        providerId: sandbox.providerId,
        async wrapShell(request) {
          const invocation = await sandbox.wrapShell(request);
          setTimeout(() => controller.abort(), delayMs);
          return invocation;
        },
      };
      const result = await createLocalShellExecutor({
        sandbox: cancelling,
        shellPath: '/bin/bash',
        killGraceMs: 200,
      }).execute({
        command: `sleep ${marker}`,
        workingDirectory: sandbox.workspaceRoot,
        workspaceRelativeDirectory: '.',
        timeoutMs: 60_000,
        signal: controller.signal,
      });
      expect(result).toMatchObject({ status: 'failure', error: { code: 'aborted' } });
    });
    expect(leftovers).toEqual([]);
  });

  it('leaves no process of a stopped start, whenever the stop comes', { timeout: 300_000 }, async () => {
    const processes = createProcessRegistry({ stopGraceMs: 200 });
    try {
      const leftovers = await leftoversOf(String(randomInt(100_000, 999_999)), async (marker, delayMs) => {
        const started = await processes.start({
          command: `sleep ${marker}`,
          workingDirectory: sandbox.workspaceRoot,
          shell: await sandbox.wrapShell({
            shell: { file: '/bin/bash', args: ['-c'] },
            workingDirectory: sandbox.workspaceRoot,
          }),
          environment: { PATH: '/usr/bin:/bin' },
        });
        if (started.status !== 'success') throw new Error(JSON.stringify(started));
        if (delayMs > 0) await sleepFor(delayMs);
        await processes.stop(started.output.processId);
      });
      expect(leftovers).toEqual([]);
    } finally {
      await processes.close();
    }
  });

  it('leaves no process of a start when the session closes during set-up', { timeout: 300_000 }, async () => {
    const leftovers = await leftoversOf(
      String(randomInt(100_000, 999_999)),
      async (marker, delayMs) => {
        const processes = createProcessRegistry({ stopGraceMs: 200 });
        const started = await processes.start({
          command: `sleep ${marker}`,
          workingDirectory: sandbox.workspaceRoot,
          shell: await sandbox.wrapShell({
            shell: { file: '/bin/bash', args: ['-c'] },
            workingDirectory: sandbox.workspaceRoot,
          }),
          environment: { PATH: '/usr/bin:/bin' },
        });
        if (started.status !== 'success') throw new Error(JSON.stringify(started));
        if (delayMs > 0) await sleepFor(delayMs);
        await processes.close();
      },
      10,
    );
    expect(leftovers).toEqual([]);
  });
});
