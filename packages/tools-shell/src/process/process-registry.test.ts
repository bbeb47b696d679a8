import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidOptionsError } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BashProcessInfo, BashProcessLogChunk, BashWriteResult } from '../bash/bash-schema.js';
import {
  createShellKit,
  liveProcessesInGroup,
  liveProcessesWithMarker,
  openFileDescriptorCount,
  outputOf,
  type ShellKit,
} from '../test-support/shell-test-kit.js';
import { createProcessRegistry } from './process-registry.js';

let kit: ShellKit;
beforeEach(async () => {
  kit = await createShellKit({ registry: { stopGraceMs: 300 } });
});
afterEach(async () => {
  await kit.dispose();
});

const marker = (): string =>
  `${1000 + Math.floor(Math.random() * 1000)}.${process.pid}${Math.floor(Math.random() * 1e6)}`;

async function start(command: string, cwd?: string): Promise<BashProcessInfo> {
  return outputOf<BashProcessInfo>(await kit.call({ action: 'start', command, ...(cwd ? { cwd } : {}) }));
}

async function logs(processId: string, extra: Record<string, unknown> = {}): Promise<BashProcessLogChunk> {
  return outputOf<BashProcessLogChunk>(await kit.call({ action: 'logs', processId, ...extra }));
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const waitForExit = (processId: string) =>
  waitFor(
    async () => outputOf<BashProcessInfo>(await kit.call({ action: 'status', processId })),
    (info) => info.status !== 'RUNNING',
  );

describe('bash start, status and logs', () => {
  it('starts a process and reports AI4J’s BashProcessInfo', async () => {
    const info = await start('sleep 5', 'sub');
    expect(info).toEqual({
      command: 'sleep 5',
      controlAvailable: true,
      pid: expect.any(Number),
      processId: expect.stringMatching(/^proc_[0-9a-f]{32}$/),
      restored: false,
      startedAt: expect.any(Number),
      status: 'RUNNING',
      workingDirectory: `${kit.root}/sub`,
    });
    expect(await kit.call({ action: 'status', processId: info.processId })).toEqual({
      status: 'success',
      output: info,
      display: { summary: `${info.processId}  RUNNING pid ${info.pid}  sleep 5` },
    });
  });

  it('keeps one combined log with [stdout] and [stderr] prefixes and absolute offsets', async () => {
    // Each stream's write waits until the log holds the one before it (a file the test creates),
    // so the order is the commands' on any machine; `three` and ` four` come in two writes.
    const { processId } = await start(
      'echo one; until [ -e a ]; do sleep 0.01; done; echo two >&2; until [ -e b ]; do sleep 0.01; done; printf three; sleep 0.1; printf " four\\n"',
    );
    await waitFor(
      () => logs(processId),
      (chunk) => chunk.content === '[stdout] one\n',
    );
    await writeFile(join(kit.root, 'a'), '');
    await waitFor(
      () => logs(processId),
      (chunk) => chunk.content.endsWith('[stderr] two\n'),
    );
    await writeFile(join(kit.root, 'b'), '');
    await waitForExit(processId);
    const all = await logs(processId);
    expect(all).toEqual({
      content: '[stdout] one\n[stderr] two\n[stdout] three four\n',
      exitCode: 0,
      nextOffset: 46,
      offset: 0,
      processId,
      status: 'EXITED',
      truncated: false,
    });
    expect(await logs(processId, { offset: 13, limit: 13 })).toEqual({
      ...all,
      content: '[stderr] two\n',
      offset: 13,
      nextOffset: 26,
    });
    expect(await logs(processId, { offset: 99 })).toMatchObject({ content: '', offset: 46, nextOffset: 46 });
    expect(await logs(processId, { offset: -4, limit: 0 })).toEqual(all);
  });

  it('reports EXITED with the exit code once the process ends on its own', async () => {
    const { processId } = await start('exit 4');
    expect(await waitForExit(processId)).toMatchObject({
      status: 'EXITED',
      exitCode: 4,
      controlAvailable: false,
      endedAt: expect.any(Number),
    });
  });

  it('drops the oldest log text beyond the buffer and marks a read from a dropped offset truncated', async () => {
    const small = await createShellKit({ registry: { logBufferChars: 1024 } });
    try {
      const info = outputOf<BashProcessInfo>(
        await small.call({ action: 'start', command: 'for i in $(seq 1 300); do echo "line $i"; done' }),
      );
      const read = async () =>
        outputOf<BashProcessLogChunk>(
          await small.call({ action: 'logs', processId: info.processId, limit: 5000 }),
        );
      const chunk = await waitFor(read, (value) => value.status === 'EXITED' && value.nextOffset > 4000);
      const total = [...Array(300).keys()].map((i) => `[stdout] line ${i + 1}\n`).join('');
      expect(chunk).toEqual({
        content: total.slice(total.length - 1024),
        exitCode: 0,
        nextOffset: total.length,
        offset: total.length - 1024,
        processId: info.processId,
        status: 'EXITED',
        truncated: true,
      });
    } finally {
      await small.dispose();
    }
  });

  it('stops what the shell of a background process left running when it exits', async () => {
    const tag = marker();
    const { processId, pid } = await start(`sleep ${tag} & echo spawned`);
    await waitForExit(processId);
    await waitFor(
      () => liveProcessesWithMarker(tag),
      (found) => found.length === 0,
    );
    expect(await liveProcessesInGroup(pid!)).toEqual([]);
  });
});

describe('bash write', () => {
  it('sends input as is, without adding a newline', async () => {
    const { processId } = await start('head -c 6; echo; echo done');
    expect(
      outputOf<BashWriteResult>(await kit.call({ action: 'write', processId, input: 'abc' })),
    ).toMatchObject({ bytesWritten: 3, process: { processId, status: 'RUNNING' } });
    await kit.call({ action: 'write', processId, input: 'dé' });
    await waitForExit(processId);
    expect((await logs(processId)).content).toBe('[stdout] abcdé\n[stdout] done\n');
  });

  it('fails clearly when the process has exited', async () => {
    const { processId } = await start('true');
    await waitForExit(processId);
    expect(await kit.call({ action: 'write', processId, input: 'x' })).toEqual({
      status: 'failure',
      error: {
        code: 'process_not_running',
        message: `Process ${processId} has exited (exit code 0); it no longer reads input. Start it again with bash action=start.`,
      },
    });
  });

  it('reports io_error when the process closed its input', async () => {
    const { processId } = await start('exec 0<&-; echo closed; sleep 5');
    await waitFor(
      () => logs(processId),
      (chunk) => chunk.content === '[stdout] closed\n',
    );
    const result = await kit.call({ action: 'write', processId, input: 'x'.repeat(100_000) });
    expect(result).toMatchObject({ status: 'failure', error: { code: 'io_error' } });
  });

  it('queues a huge input a process does not read, then refuses more until it reads', async () => {
    const { processId } = await start('sleep 5');
    const input = 'y'.repeat(1_048_576);
    const first = outputOf<BashWriteResult>(await kit.call({ action: 'write', processId, input }));
    expect(first).toMatchObject({ bytesWritten: 1_048_576, pendingBytes: expect.any(Number) });
    await kit.call({ action: 'write', processId, input });
    expect(await kit.call({ action: 'write', processId, input })).toMatchObject({
      status: 'failure',
      error: { code: 'stdin_backlog_full' },
    });
    expect(await kit.call({ action: 'write', processId, input: `${input}y` })).toMatchObject({
      status: 'failure',
      error: { code: 'invalid_arguments' },
    });
  });
});

describe('bash stop and list', () => {
  it('stops the whole process group and reports STOPPED', async () => {
    const tag = marker();
    const { processId, pid } = await start(`sleep ${tag} & sleep ${tag}`);
    const stopped = outputOf<BashProcessInfo>(await kit.call({ action: 'stop', processId }));
    expect(stopped).toMatchObject({
      status: 'STOPPED',
      signal: 'SIGTERM',
      controlAvailable: false,
      endedAt: expect.any(Number),
    });
    expect(await liveProcessesInGroup(pid!)).toEqual([]);
    expect(await liveProcessesWithMarker(tag)).toEqual([]);
  });

  it('returns an exited process as it is', async () => {
    const { processId } = await start('exit 2');
    const exited = await waitForExit(processId);
    expect(await kit.call({ action: 'stop', processId })).toEqual({
      status: 'success',
      output: exited,
      display: { summary: `${processId}  EXITED pid ${exited.pid} exit 2  exit 2` },
    });
  });

  it('lists every process, oldest first', async () => {
    const first = await start('sleep 5');
    const second = await start('sleep 5');
    const listed = outputOf<BashProcessInfo[]>(await kit.call({ action: 'list' }));
    expect(listed.map((info) => info.processId)).toEqual([first.processId, second.processId]);
  });

  it('limits live processes per session', async () => {
    const limited = await createShellKit({ registry: { maxLiveProcesses: 2 } });
    try {
      await limited.call({ action: 'start', command: 'sleep 5' });
      await limited.call({ action: 'start', command: 'sleep 5' });
      expect(await limited.call({ action: 'start', command: 'sleep 5' })).toEqual({
        status: 'failure',
        error: {
          code: 'process_limit_reached',
          message:
            'This session already runs 2 background processes (the limit). Stop one with bash action=stop (see action=list) before starting another.',
        },
      });
    } finally {
      await limited.dispose();
    }
  });

  it('answers an unknown processId with unknown_process for every action that takes one', async () => {
    for (const action of ['status', 'logs', 'write', 'stop']) {
      expect(await kit.call({ action, processId: 'proc_nope', input: 'x' })).toEqual({
        status: 'failure',
        error: {
          code: 'unknown_process',
          message: "Unknown processId: proc_nope. Use bash action=list to see this session's processes.",
        },
      });
    }
  });

  it('leaves no process and no file descriptor behind after 500 start/stop cycles', async () => {
    const tag = marker();
    const warm = await start(`sleep ${tag}`);
    await kit.call({ action: 'stop', processId: warm.processId });
    const fdsBefore = await openFileDescriptorCount();
    const pids: number[] = [];
    for (let batch = 0; batch < 50; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const info = await start(`sleep ${tag}`);
          pids.push(info.pid!);
          const stopped = await kit.call({ action: 'stop', processId: info.processId });
          expect(stopped).toMatchObject({ status: 'success', output: { status: 'STOPPED' } });
        }),
      );
    }
    expect(pids).toHaveLength(500);
    expect(await liveProcessesWithMarker(tag)).toEqual([]);
    expect(await openFileDescriptorCount()).toBe(fdsBefore);
    // Finished processes beyond the retention limit are forgotten, so memory stays bounded too.
    expect(kit.processes.list()).toHaveLength(100);
  }, 120_000);
});

describe('process registry lifecycle', () => {
  it('stops every process on close and refuses new ones afterwards', async () => {
    const tag = marker();
    await start(`sleep ${tag}`);
    await start(`trap '' TERM; sleep ${tag}`);
    await kit.processes.close();
    expect(await liveProcessesWithMarker(tag)).toEqual([]);
    expect(kit.processes.list().map((info) => info.status)).toEqual(['STOPPED', 'STOPPED']);
    expect(await kit.call({ action: 'start', command: 'true' })).toEqual({
      status: 'failure',
      error: { code: 'registry_closed', message: 'The session is closed; no new processes can be started.' },
    });
  });

  it('exports snapshots that restore as metadata answering status, logs and list', async () => {
    const { processId } = await start('echo hello; echo world >&2');
    const exited = await waitForExit(processId);
    await waitFor(
      () => logs(processId),
      (chunk) => chunk.nextOffset === 30,
    );
    const snapshot = kit.processes.exportSnapshot();
    expect(snapshot).toEqual([
      {
        processId,
        command: 'echo hello; echo world >&2',
        workingDirectory: kit.root,
        status: 'EXITED',
        startedAt: exited.startedAt,
        endedAt: exited.endedAt,
        exitCode: 0,
        pid: exited.pid,
        lastLogOffset: 30,
        lastLogPreview: '[stdout] hello\n[stderr] world\n',
      },
    ]);
    const restoredKit = await createShellKit();
    try {
      restoredKit.processes.restoreSnapshot(JSON.parse(JSON.stringify(snapshot)));
      const restored = { ...exited, restored: true, controlAvailable: false };
      const line = `${processId}  EXITED pid ${exited.pid} exit 0  echo hello; echo world >&2`;
      expect(await restoredKit.call({ action: 'status', processId })).toEqual({
        status: 'success',
        output: restored,
        display: { summary: line },
      });
      expect(await restoredKit.call({ action: 'list' })).toEqual({
        status: 'success',
        output: [restored],
        display: { summary: '1 process', text: line },
      });
      expect(await restoredKit.call({ action: 'logs', processId, offset: 15 })).toEqual({
        status: 'success',
        output: {
          content: '[stderr] world\n',
          exitCode: 0,
          nextOffset: 30,
          offset: 15,
          processId,
          status: 'EXITED',
          truncated: false,
        },
        display: { summary: `${processId} EXITED · next offset 30`, text: '[stderr] world\n' },
      });
      for (const action of ['write', 'stop']) {
        expect(await restoredKit.call({ action, processId, input: 'x' })).toEqual({
          status: 'failure',
          error: {
            code: 'process_restored',
            message: `Process ${processId} was restored as metadata only; live control is unavailable`,
          },
        });
      }
    } finally {
      await restoredKit.dispose();
    }
  });

  it('throws on malformed snapshot data and on invalid options', () => {
    const registry = createProcessRegistry();
    expect(() => registry.restoreSnapshot([{ processId: 'x' }])).toThrow(InvalidOptionsError);
    expect(() => createProcessRegistry({ maxLiveProcesses: 0 })).toThrow(InvalidOptionsError);
  });
});

const BUILT_PACKAGE = new URL('../../dist/index.js', import.meta.url);

describe('process registry safety net', () => {
  // A separate host process needs plain JavaScript: it runs against the build (`pnpm build`).
  it.skipIf(!existsSync(BUILT_PACKAGE))(
    'kills background groups when the host exits without closing the registry (needs dist/)',
    async () => {
      const tag = marker();
      // A host that starts a process and exits at once, never calling close().
      const script = `
        const { createProcessRegistry } = await import(${JSON.stringify(BUILT_PACKAGE.href)});
        const registry = createProcessRegistry();
        const started = await registry.start({
          command: 'sleep ${tag}',
          workingDirectory: '/tmp',
          shell: { file: '/bin/sh', args: ['-c'] },
          environment: { PATH: process.env.PATH },
        });
        console.log(started.status);
        process.exit(0);
      `;
      const host = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      expect({ stdout: host.stdout, stderr: host.stderr, status: host.status }).toEqual({
        stdout: 'success\n',
        stderr: '',
        status: 0,
      });
      await waitFor(
        () => liveProcessesWithMarker(tag),
        (found) => found.length === 0,
      );
      expect(await liveProcessesWithMarker(tag)).toEqual([]);
    },
  );
});
