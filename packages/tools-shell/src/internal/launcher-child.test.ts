import { afterEach, describe, expect, it } from 'vitest';
import type { BashProcessInfo } from '../bash/bash-schema.js';
import { createChildReportingSandbox } from '../test-support/child-reporting-sandbox.js';
import {
  createShellKit,
  liveProcessesWithMarker,
  outputOf,
  type ShellKit,
} from '../test-support/shell-test-kit.js';

let kit: ShellKit | undefined;
afterEach(async () => {
  await kit?.dispose();
  kit = undefined;
});

let counter = 0;
const uniqueMarker = () => `1000.${process.pid}${Date.now() % 100000}${++counter}`;

async function untilRunning(marker: string): Promise<void> {
  while ((await liveProcessesWithMarker(`sleep\0${marker}`)).length === 0) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a sandbox launcher that reports its child on fd 3', () => {
  it('has the reported child killed when exec is cancelled, although it left the process group', async () => {
    kit = await createShellKit({ sandbox: createChildReportingSandbox(), killGraceMs: 200 });
    const marker = uniqueMarker();
    const controller = new AbortController();
    const pending = kit.call({ command: `sleep ${marker}` }, { signal: controller.signal });
    await untilRunning(marker);
    controller.abort();
    expect(await pending).toMatchObject({ status: 'failure', error: { code: 'aborted' } });
    expect(await liveProcessesWithMarker(marker)).toEqual([]);
  });

  it('has the reported child killed when a background process is stopped', async () => {
    kit = await createShellKit({ sandbox: createChildReportingSandbox(), registry: { stopGraceMs: 200 } });
    const marker = uniqueMarker();
    const started = outputOf<BashProcessInfo>(
      await kit.call({ action: 'start', command: `sleep ${marker}` }),
    );
    await untilRunning(marker);
    const stopped = outputOf<BashProcessInfo>(
      await kit.call({ action: 'stop', processId: started.processId }),
    );
    expect(stopped.status).toBe('STOPPED');
    expect(await liveProcessesWithMarker(marker)).toEqual([]);
  });

  it('has the reported child killed when the session closes', async () => {
    kit = await createShellKit({ sandbox: createChildReportingSandbox(), registry: { stopGraceMs: 200 } });
    const marker = uniqueMarker();
    outputOf<BashProcessInfo>(await kit.call({ action: 'start', command: `sleep ${marker}` }));
    await untilRunning(marker);
    await kit.processes.close();
    expect(await liveProcessesWithMarker(marker)).toEqual([]);
  });
});
