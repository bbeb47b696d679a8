import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createShellEnvironment, type LocalSandboxSession } from '@toolgate/tools-shell';
import { stripWorkspaceFromPath } from './strip-workspace-from-path.js';

/** How a hook's process ended. */
export type HookRun =
  | { readonly type: 'exited'; readonly exitCode: number; readonly stdout: string; readonly stderr: string }
  | { readonly type: 'failed'; readonly reason: string };

/** What a hook may print, per stream, before the rest is dropped. */
const MAX_OUTPUT_BYTES = 1 << 20;

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The pid a sandbox reports on fd 3 (bubblewrap's `--info-fd`: `{"child-pid": N}`), when it does. */
function readChildPid(stream: Readable | undefined, found: (pid: number) => void): void {
  if (!stream) return;
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    text += chunk;
    const match = /"child-pid"\s*:\s*(\d+)/.exec(text);
    if (match) found(Number(match[1]));
  });
  stream.on('error', () => {});
}

/**
 * Runs a hook command with `sh -c` in its own process group (a new session), writes `input` to
 * its stdin, and waits for it. Its `PATH` leaves out every entry that leads into `cwd` (the
 * workspace), so no program it names is looked up among files the model may write. The whole group is killed when the shell exits (nothing the hook
 * started outlives it), at the time limit, and when `signal` aborts; those two are `failed`.
 * With `sandbox`, the shell runs inside it (`wrapShell`, as bash's does) with the environment bash's
 * commands get by default (names holding KEY, SECRET, TOKEN and the like dropped), the sandbox's
 * own pid 1 killed with the group; a sandbox that cannot wrap it is `failed`.
 */
export function runHookCommand(options: {
  readonly command: string;
  readonly input: string;
  readonly cwd: string;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  readonly env?: NodeJS.ProcessEnv;
  readonly sandbox?: Pick<LocalSandboxSession, 'wrapShell'>;
}): Promise<HookRun> {
  if (options.signal.aborted)
    return Promise.resolve({ type: 'failed', reason: 'the call was cancelled before the hook ran' });
  if (options.sandbox === undefined)
    return spawnHook(options, {
      file: '/bin/sh',
      args: ['-c'],
      reportsChildPidOnFd3: false,
      sandboxed: false,
    });
  return options.sandbox
    .wrapShell({ shell: { file: '/bin/sh', args: ['-c'] }, workingDirectory: options.cwd })
    .then(
      (invocation) =>
        spawnHook(options, {
          file: invocation.file,
          args: invocation.args,
          reportsChildPidOnFd3: invocation.reportsChildPidOnFd3 === true,
          sandboxed: true,
        }),
      (error: unknown) => ({
        type: 'failed' as const,
        reason: `the sandbox could not run it: ${(error as Error).message}`,
      }),
    );
}

function spawnHook(
  options: Parameters<typeof runHookCommand>[0],
  shell: {
    readonly file: string;
    readonly args: readonly string[];
    readonly reportsChildPidOnFd3: boolean;
    readonly sandboxed: boolean;
  },
): Promise<HookRun> {
  return new Promise((resolve) => {
    if (options.signal.aborted) {
      resolve({ type: 'failed', reason: 'the call was cancelled before the hook ran' });
      return;
    }
    const child = spawn(shell.file, [...shell.args, options.command], {
      cwd: options.cwd,
      detached: true,
      stdio: shell.reportsChildPidOnFd3 ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'],
      env: (() => {
        // In a sandbox, the environment bash's commands get there (no KEY, SECRET, TOKEN, …).
        const env = options.env ?? (shell.sandboxed ? createShellEnvironment()() : process.env);
        return { ...env, PATH: stripWorkspaceFromPath(env.PATH, options.cwd) };
      })(),
    });
    // The sandbox's pid 1 leaves the group during set-up: it is killed by its pid as well.
    let sandboxPid: number | undefined;
    if (shell.reportsChildPidOnFd3)
      readChildPid(child.stdio[3] as Readable | undefined, (pid) => {
        sandboxPid ??= pid;
      });
    const killAll = () => {
      killGroup(child.pid);
      if (sandboxPid !== undefined) {
        try {
          process.kill(sandboxPid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    };
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const collect = (chunks: Buffer[]) => {
      let size = 0;
      return (chunk: Buffer) => {
        if (size >= MAX_OUTPUT_BYTES) return;
        chunks.push(chunk.subarray(0, MAX_OUTPUT_BYTES - size));
        size += chunk.length;
      };
    };
    child.stdout.on('data', collect(stdout));
    child.stderr.on('data', collect(stderr));
    let failure: string | undefined;
    let exitCode: number | null = null;
    let exitSignal: NodeJS.Signals | null = null;
    const stop = (reason: string) => {
      failure ??= reason;
      killAll();
      // A process that left the group may still hold the pipes: stop waiting for them.
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const timer = setTimeout(
      () => stop(`it did not finish within ${options.timeoutMs} ms and was killed`),
      options.timeoutMs,
    );
    const onAbort = () => stop('the call was cancelled while the hook ran; it was killed');
    options.signal.addEventListener('abort', onAbort, { once: true });
    child.once('error', (error) => {
      failure ??= `it could not be started: ${error.message}`;
    });
    child.once('exit', (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      // Whatever the hook left behind in its group (a background job) goes with it; a sandbox's
      // pid 1 dies with bubblewrap.
      killGroup(child.pid);
    });
    child.once('close', () => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      if (failure !== undefined) resolve({ type: 'failed', reason: failure });
      else if (exitCode === null)
        resolve({ type: 'failed', reason: `it was killed by ${exitSignal ?? 'a signal'}` });
      else
        resolve({
          type: 'exited',
          exitCode,
          stdout: Buffer.concat(stdout).toString('utf8'),
          stderr: Buffer.concat(stderr).toString('utf8'),
        });
    });
    // A hook that does not read its input must not fail the call (EPIPE).
    child.stdin.on('error', () => {});
    child.stdin.end(options.input);
  });
}
