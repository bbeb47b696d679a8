import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  integerOption,
  type Outcome,
  type OutputSpill,
  signalProcessGroup,
  type ToolFailure,
  toolSuccess,
} from '@toolgate/core';
import type {
  BashProcessInfo,
  BashProcessLogChunk,
  BashProcessStatus,
  BashWriteResult,
} from '../bash/bash-schema.js';
import type { SandboxProcess } from '../executor/sandbox-session.js';
import type { ShellInvocation } from '../executor/shell-invocation.js';
import { CombinedLogWriter } from '../internal/combined-log-writer.js';
import { delay } from '../internal/delay.js';
import {
  type LauncherChild,
  launchStdio,
  terminateLaunch,
  watchLauncherChild,
} from '../internal/launcher-child.js';
import { LogRingBuffer } from '../internal/log-ring-buffer.js';
import { releaseChunk } from '../internal/release-chunk.js';
import { shellFailure } from '../internal/shell-failure.js';
import { type ProcessSnapshot, parseProcessSnapshots } from './process-snapshot.js';

/** Options for {@link createProcessRegistry}. */
export interface ProcessRegistryOptions {
  /** Processes that may run at once; `start` beyond it fails with `process_limit_reached`. @default 16 */
  readonly maxLiveProcesses?: number;
  /** Characters of combined log kept per process (at least 1024). @default 120000 */
  readonly logBufferChars?: number;
  /** Characters `logs` returns when no `limit` is given. @default 12000 */
  readonly defaultLogChars?: number;
  /** Time between SIGTERM and SIGKILL when a process group is stopped. @default 1000 */
  readonly stopGraceMs?: number;
  /** Finished (or restored) processes remembered; the oldest are forgotten beyond it. @default 100 */
  readonly maxRetainedProcesses?: number;
  /** Clock, epoch milliseconds. @default Date.now */
  readonly now?: () => number;
  /**
   * The session's spill (as for exec's streams): a process's combined log that outgrows
   * `logBufferChars` is written there whole, and `status`, `logs` and `list` name the file
   * (`logFile`). @default none: the oldest part of such a log is dropped
   */
  readonly outputSpill?: OutputSpill;
}

/** What {@link ProcessRegistry.start} runs: a shell spawned here, or a process a sandbox starts. */
export type ProcessStartRequest = LocalProcessStartRequest | SandboxedProcessStartRequest;

/** A background shell spawned on this machine (perhaps through a local sandbox's launcher). */
export interface LocalProcessStartRequest {
  /** The command, as the model gave it. */
  readonly command: string;
  /** Real absolute working directory. */
  readonly workingDirectory: string;
  /** Shell and flags; the command is appended. */
  readonly shell: ShellInvocation;
  /** The complete environment of the process. */
  readonly environment: Readonly<Record<string, string>>;
}

/** A background process a sandbox session runs (`SandboxSession.startProcess`). */
export interface SandboxedProcessStartRequest {
  /** The command, as the model gave it. */
  readonly command: string;
  /** Real absolute working directory (as the host sees the workspace). */
  readonly workingDirectory: string;
  readonly sandboxed: {
    /** `provider/session`, for messages. */
    readonly label: string;
    /** Starts the process; a rejection is reported as `sandbox_failed`. */
    readonly start: () => Promise<SandboxProcess>;
  };
}

/**
 * The background processes of one session. Each runs in its own process group; stopping or
 * closing signals the whole group (SIGTERM, grace, SIGKILL) and kills a sandbox's reported child,
 * so nothing is orphaned.
 */
export interface ProcessRegistry {
  /** Starts a command in the background. */
  start(request: ProcessStartRequest): Promise<Outcome<BashProcessInfo>>;
  /** A failure when `start` would be refused now (closed, at the live limit). */
  checkStart(): ToolFailure | undefined;
  /** A failure when `write` or `stop` cannot act on the process (unknown, restored, exited). */
  checkControl(processId: string, action: 'write' | 'stop'): ToolFailure | undefined;
  /** The process's `BashProcessInfo`. */
  status(processId: string): Outcome<BashProcessInfo>;
  /** A window of the combined log. */
  logs(processId: string, window?: { offset?: number; limit?: number }): Outcome<BashProcessLogChunk>;
  /** Sends input to the process's stdin as is. */
  write(processId: string, input: string): Promise<Outcome<BashWriteResult>>;
  /** Stops the process group (SIGTERM, grace, SIGKILL); an exited process is reported as is. */
  stop(processId: string): Promise<Outcome<BashProcessInfo>>;
  /** Every known process, live and restored, oldest first. */
  list(): BashProcessInfo[];
  /** Process metadata and a log preview, for a session snapshot (JSON-serializable). */
  exportSnapshot(): ProcessSnapshot[];
  /** Registers snapshot entries as restored metadata; ids already known are skipped. Throws on malformed data. */
  restoreSnapshot(snapshots: readonly unknown[]): void;
  /** Stops every live process group and waits for them; `start` fails afterwards. */
  close(): Promise<void>;
  /** True once `close` was called. */
  readonly closed: boolean;
}

interface Entry {
  readonly processId: string;
  readonly command: string;
  readonly workingDirectory: string;
  readonly startedAt: number;
  readonly restored: boolean;
  readonly log: LogRingBuffer;
  status: BashProcessStatus;
  pid?: number;
  endedAt?: number;
  exitCode?: number;
  signal?: string;
  child?: ChildProcess | undefined;
  /** The process when a sandbox session runs it (then `pid` is its pid in the sandbox). */
  sandboxed?: SandboxProcess | undefined;
  /** The sandbox launcher's child, once reported (see `ShellInvocation.reportsChildPidOnFd3`). */
  launcherChild?: Promise<LauncherChild | undefined>;
  /** The same, once known, for the synchronous kill at exit. */
  launcherChildPid?: number;
  stopping?: boolean;
  /** Resolves when the shell has exited. */
  exited?: Promise<void>;
  /** Resolves when leftovers of the group are gone and the pipes are closed. */
  settled?: Promise<void>;
}

const STDIN_BACKLOG_LIMIT = 1_048_576;
const WRITE_FLUSH_WAIT_MS = 1000;
const PIPE_DRAIN_WAIT_MS = 1000;

function unknownProcess(processId: string): ToolFailure {
  return shellFailure(
    'unknown_process',
    `Unknown processId: ${processId}. Use bash action=list to see this session's processes.`,
  );
}

function restoredFailure(processId: string): ToolFailure {
  return shellFailure(
    'process_restored',
    `Process ${processId} was restored as metadata only; live control is unavailable`,
  );
}

function describeEnd(entry: Entry): string {
  if (entry.exitCode !== undefined) return `exit code ${entry.exitCode}`;
  if (entry.signal !== undefined) return `signal ${entry.signal}`;
  return 'no exit code';
}

/** Creates the process registry of one session. */
export function createProcessRegistry(options: ProcessRegistryOptions = {}): ProcessRegistry {
  const maxLive = integerOption('maxLiveProcesses', options.maxLiveProcesses, 16);
  const logChars = Math.max(1024, integerOption('logBufferChars', options.logBufferChars, 120_000));
  const defaultLogChars = integerOption('defaultLogChars', options.defaultLogChars, 12_000);
  const graceMs = integerOption('stopGraceMs', options.stopGraceMs, 1000, { minimum: 0 });
  const maxRetained = integerOption('maxRetainedProcesses', options.maxRetainedProcesses, 100, {
    minimum: 0,
  });
  const now = options.now ?? Date.now;
  const { outputSpill } = options;
  /** A live process's log: bounded, spilled whole once it outgrows the bound. */
  const liveLog = () =>
    new LogRingBuffer(logChars, '', 0, outputSpill && { spill: outputSpill, label: 'bash-process' });
  const entries = new Map<string, Entry>();
  let starting = 0;
  let closed = false;

  // Safety net for hosts that exit without close(): background groups are detached and would
  // outlive us, so they get SIGKILL synchronously when this process exits.
  const killOnExit = (): void => {
    for (const entry of entries.values()) {
      if (!entry.child) continue;
      if (entry.launcherChildPid !== undefined) {
        try {
          process.kill(entry.launcherChildPid, 'SIGKILL');
        } catch {}
      }
      if (entry.pid !== undefined) signalProcessGroup(entry.pid, 'SIGKILL');
    }
  };
  let exitHookInstalled = false;

  const liveCount = (): number => {
    let count = starting;
    for (const entry of entries.values()) if (!entry.restored && entry.status === 'RUNNING') count++;
    return count;
  };

  const info = (entry: Entry): BashProcessInfo => ({
    command: entry.command,
    controlAvailable: !entry.restored && entry.status === 'RUNNING',
    ...(entry.endedAt === undefined ? {} : { endedAt: entry.endedAt }),
    ...(entry.exitCode === undefined ? {} : { exitCode: entry.exitCode }),
    ...(entry.log.spilledTo === undefined ? {} : { logFile: entry.log.spilledTo }),
    ...(entry.pid === undefined ? {} : { pid: entry.pid }),
    processId: entry.processId,
    restored: entry.restored,
    ...(entry.signal === undefined ? {} : { signal: entry.signal }),
    startedAt: entry.startedAt,
    status: entry.status,
    workingDirectory: entry.workingDirectory,
  });

  const forgetOldFinished = (): void => {
    const finished = [...entries.values()]
      .filter((entry) => entry.restored || entry.status !== 'RUNNING')
      .sort((a, b) => (a.endedAt ?? a.startedAt) - (b.endedAt ?? b.startedAt));
    for (let index = 0; index < finished.length - maxRetained; index++) {
      entries.delete(finished[index]!.processId);
    }
  };

  const checkStart = (): ToolFailure | undefined => {
    if (closed) {
      return shellFailure('registry_closed', 'The session is closed; no new processes can be started.');
    }
    if (liveCount() >= maxLive) {
      return shellFailure(
        'process_limit_reached',
        `This session already runs ${maxLive} background processes (the limit). Stop one with bash action=stop (see action=list) before starting another.`,
      );
    }
    return undefined;
  };

  const checkControl = (processId: string, action: 'write' | 'stop'): ToolFailure | undefined => {
    const entry = entries.get(processId);
    if (!entry) return unknownProcess(processId);
    if (entry.restored) return restoredFailure(processId);
    if (action === 'write' && entry.status !== 'RUNNING') {
      return shellFailure(
        'process_not_running',
        `Process ${processId} has ${entry.status === 'STOPPED' ? 'been stopped' : 'exited'} (${describeEnd(entry)}); it no longer reads input. Start it again with bash action=start.`,
      );
    }
    return undefined;
  };

  const watch = (entry: Entry, child: ChildProcess): void => {
    const writer = new CombinedLogWriter(entry.log);
    // Each pipe read is a fresh buffer only this listener sees, decoded at once: freed right after.
    child.stdout?.on('data', (chunk: Buffer) => {
      writer.write('stdout', chunk);
      releaseChunk(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      writer.write('stderr', chunk);
      releaseChunk(chunk);
    });
    child.stdout?.on('end', () => writer.end('stdout'));
    child.stderr?.on('end', () => writer.end('stderr'));
    // Errors on the pipes (EPIPE after the process closed its stdin) must not crash the host.
    child.stdin?.on('error', () => {});
    child.stdout?.on('error', () => {});
    child.stderr?.on('error', () => {});
    const pipesClosed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    entry.exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        entry.status = entry.stopping ? 'STOPPED' : 'EXITED';
        entry.endedAt = now();
        if (code !== null) entry.exitCode = code;
        if (signal !== null) entry.signal = signal;
        child.stdin?.destroy();
        resolve();
      });
    });
    entry.settled = entry.exited.then(async () => {
      // Whatever the shell left running in its group would be an orphan nobody can stop.
      if (entry.pid !== undefined) await terminateLaunch(entry.pid, entry.launcherChild, graceMs);
      await Promise.race([pipesClosed, delay(PIPE_DRAIN_WAIT_MS)]);
      for (const pipe of child.stdio) pipe?.destroy();
      entry.log.closeSpill();
      entry.child = undefined;
      forgetOldFinished();
    });
  };

  const watchSandboxed = (entry: Entry, started: SandboxProcess): void => {
    const writer = new CombinedLogWriter(entry.log);
    started.stdout.on('data', (chunk: Buffer) => writer.write('stdout', chunk));
    started.stderr.on('data', (chunk: Buffer) => writer.write('stderr', chunk));
    started.stdout.on('end', () => writer.end('stdout'));
    started.stderr.on('end', () => writer.end('stderr'));
    started.stdin.on('error', () => {});
    started.stdout.on('error', () => {});
    started.stderr.on('error', () => {});
    entry.exited = started.exited.then((end) => {
      entry.status = entry.stopping ? 'STOPPED' : 'EXITED';
      entry.endedAt = now();
      if (end.exitCode !== null) entry.exitCode = end.exitCode;
      if (end.signal !== null) entry.signal = end.signal;
      started.stdin.destroy();
    });
    entry.settled = entry.exited.then(() => {
      entry.log.closeSpill();
      entry.sandboxed = undefined;
      forgetOldFinished();
    });
  };

  const startSandboxed = async (request: SandboxedProcessStartRequest): Promise<Outcome<BashProcessInfo>> => {
    starting++;
    let started: SandboxProcess;
    try {
      started = await request.sandboxed.start();
    } catch (error) {
      return shellFailure(
        'sandbox_failed',
        `Sandbox ${request.sandboxed.label} could not start the command: ${(error as Error)?.message ?? String(error)}`,
      );
    } finally {
      starting--;
    }
    const entry: Entry = {
      processId: `proc_${randomUUID().replaceAll('-', '')}`,
      command: request.command,
      workingDirectory: request.workingDirectory,
      startedAt: now(),
      restored: false,
      log: liveLog(),
      status: 'RUNNING',
      ...(started.pid === undefined ? {} : { pid: started.pid }),
      sandboxed: started,
    };
    entries.set(entry.processId, entry);
    watchSandboxed(entry, started);
    if (closed) await stopEntry(entry);
    return toolSuccess(info(entry));
  };

  const stopEntry = async (entry: Entry): Promise<void> => {
    if (entry.status === 'RUNNING' && entry.sandboxed) {
      entry.stopping = true;
      await entry.sandboxed.stop(graceMs);
    } else if (entry.status === 'RUNNING' && entry.pid !== undefined && !entry.sandboxed) {
      entry.stopping = true;
      await terminateLaunch(entry.pid, entry.launcherChild, graceMs);
      // The shell is gone from the group; wait for its exit to be reported (bounded, in case of D state).
      await Promise.race([entry.exited, delay(5000)]);
    }
    await entry.settled;
  };

  return {
    get closed() {
      return closed;
    },
    checkStart,
    checkControl,

    async start(request) {
      const refused = checkStart();
      if (refused) return refused;
      if ('sandboxed' in request) return startSandboxed(request);
      starting++;
      let child: ChildProcess;
      try {
        child = spawn(request.shell.file, [...request.shell.args, request.command], {
          cwd: request.workingDirectory,
          env: request.environment,
          detached: true,
          stdio: launchStdio(request.shell, 'pipe'),
        });
      } catch (error) {
        starting--;
        return shellFailure('spawn_failed', `Could not start the shell: ${(error as Error).message}`);
      }
      const spawnError = await new Promise<Error | undefined>((resolve) => {
        child.once('spawn', () => resolve(undefined));
        child.once('error', (error) => resolve(error));
      });
      starting--;
      child.on('error', () => {});
      if (spawnError || child.pid === undefined) {
        for (const pipe of child.stdio) pipe?.destroy();
        return shellFailure(
          'spawn_failed',
          `Could not start ${request.shell.file} in ${request.workingDirectory}: ${spawnError?.message ?? 'no pid'}`,
        );
      }
      const entry: Entry = {
        processId: `proc_${randomUUID().replaceAll('-', '')}`,
        command: request.command,
        workingDirectory: request.workingDirectory,
        startedAt: now(),
        restored: false,
        log: liveLog(),
        status: 'RUNNING',
        pid: child.pid,
        child,
      };
      if (request.shell.reportsChildPidOnFd3) {
        entry.launcherChild = watchLauncherChild(child);
        void entry.launcherChild.then((launched) => {
          if (launched && entry.child) entry.launcherChildPid = launched.pid;
        });
      }
      entries.set(entry.processId, entry);
      if (!exitHookInstalled) {
        process.once('exit', killOnExit);
        exitHookInstalled = true;
      }
      watch(entry, child);
      if (closed) await stopEntry(entry);
      return toolSuccess(info(entry));
    },

    status(processId) {
      const entry = entries.get(processId);
      return entry ? toolSuccess(info(entry)) : unknownProcess(processId);
    },

    logs(processId, window = {}) {
      const entry = entries.get(processId);
      if (!entry) return unknownProcess(processId);
      const offset = window.offset !== undefined && window.offset >= 0 ? window.offset : 0;
      const limit = window.limit !== undefined && window.limit > 0 ? window.limit : defaultLogChars;
      const read = entry.log.read(offset, limit);
      return toolSuccess({
        content: read.content,
        ...(entry.exitCode === undefined ? {} : { exitCode: entry.exitCode }),
        ...(entry.log.spilledTo === undefined ? {} : { logFile: entry.log.spilledTo }),
        nextOffset: read.nextOffset,
        offset: read.offset,
        processId,
        status: entry.status,
        truncated: read.truncated,
      });
    },

    async write(processId, input) {
      const refused = checkControl(processId, 'write');
      if (refused) return refused;
      const entry = entries.get(processId)!;
      const stdin = entry.sandboxed ? entry.sandboxed.stdin : entry.child?.stdin;
      if (!stdin || stdin.destroyed || !stdin.writable) {
        return shellFailure('process_not_running', `Process ${processId} has closed its standard input.`);
      }
      if (stdin.writableLength > STDIN_BACKLOG_LIMIT) {
        return shellFailure(
          'stdin_backlog_full',
          `Process ${processId} has not read the ${stdin.writableLength} bytes already sent to it; check its logs before writing more.`,
        );
      }
      const bytes = Buffer.from(input, 'utf8');
      if (bytes.length > 0) {
        const outcome = await Promise.race([
          new Promise<Error | null | undefined>((resolve) => stdin.write(bytes, (error) => resolve(error))),
          delay(WRITE_FLUSH_WAIT_MS).then(() => 'pending' as const),
          entry.exited!.then(() => 'exited' as const),
        ]);
        if (outcome instanceof Error) {
          return shellFailure(
            'io_error',
            `Could not write to process ${processId}: ${outcome.message}. It may have closed its standard input or exited.`,
          );
        }
      }
      const pending = stdin.destroyed ? 0 : stdin.writableLength;
      return toolSuccess({
        process: info(entry),
        bytesWritten: bytes.length,
        ...(pending > 0 ? { pendingBytes: pending } : {}),
      });
    },

    async stop(processId) {
      const entry = entries.get(processId);
      if (!entry) return unknownProcess(processId);
      if (entry.restored) return restoredFailure(processId);
      await stopEntry(entry);
      return toolSuccess(info(entry));
    },

    list() {
      return [...entries.values()].sort((a, b) => a.startedAt - b.startedAt).map(info);
    },

    exportSnapshot() {
      return [...entries.values()]
        .sort((a, b) => a.startedAt - b.startedAt)
        .map((entry) => {
          const preview = entry.log.tail(Math.max(256, defaultLogChars));
          return {
            processId: entry.processId,
            command: entry.command,
            workingDirectory: entry.workingDirectory,
            status: entry.status,
            startedAt: entry.startedAt,
            ...(entry.endedAt === undefined ? {} : { endedAt: entry.endedAt }),
            ...(entry.exitCode === undefined ? {} : { exitCode: entry.exitCode }),
            ...(entry.signal === undefined ? {} : { signal: entry.signal }),
            ...(entry.pid === undefined ? {} : { pid: entry.pid }),
            lastLogOffset: entry.log.endOffset,
            lastLogPreview: preview.text,
          };
        });
    },

    restoreSnapshot(snapshots) {
      for (const snapshot of parseProcessSnapshots(snapshots)) {
        if (entries.has(snapshot.processId)) continue;
        const previewStart = Math.max(0, snapshot.lastLogOffset - snapshot.lastLogPreview.length);
        entries.set(snapshot.processId, {
          processId: snapshot.processId,
          command: snapshot.command,
          workingDirectory: snapshot.workingDirectory,
          startedAt: snapshot.startedAt,
          restored: true,
          log: new LogRingBuffer(
            Math.max(logChars, snapshot.lastLogPreview.length),
            snapshot.lastLogPreview,
            previewStart,
          ),
          status: snapshot.status,
          ...(snapshot.endedAt === undefined ? {} : { endedAt: snapshot.endedAt }),
          ...(snapshot.exitCode === undefined ? {} : { exitCode: snapshot.exitCode }),
          ...(snapshot.signal === undefined ? {} : { signal: snapshot.signal }),
          ...(snapshot.pid === undefined ? {} : { pid: snapshot.pid }),
        });
      }
      forgetOldFinished();
    },

    async close() {
      closed = true;
      await Promise.all([...entries.values()].filter((entry) => !entry.restored).map(stopEntry));
      if (exitHookInstalled) process.removeListener('exit', killOnExit);
      exitHookInstalled = false;
    },
  };
}
