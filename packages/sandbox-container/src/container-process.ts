import { randomUUID } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import type { SandboxProcess, SandboxProcessEnd } from '@toolgate/tools-shell';
import type { EngineClient } from './engine/engine-client.js';
import { demultiplexExec } from './engine/exec-stream.js';

/** What runs as one exec in the session's container. */
export interface ContainerProcessRequest {
  readonly containerId: string;
  readonly command: string;
  /** Absolute, in the container. */
  readonly workingDirectory: string;
  /** `NAME=value` entries. */
  readonly env: readonly string[];
  /** `uid:gid` the process runs as. */
  readonly user: string;
  /** Keep standard input open for writes. */
  readonly stdin: boolean;
}

/** Longest wait for a process to end after SIGKILL before its stream is cut. */
const KILL_WAIT_MS = 5000;

/**
 * The program each exec runs: `setsid -w` makes the command the leader of a process group of its
 * own (so stopping it reaches everything it started), the leader writes its pid to a file in the
 * container's `/dev/shm` for the stop exec to read, then becomes bash (or sh where there is no bash).
 */
function wrapped(command: string, pidFile: string): string[] {
  return [
    'setsid',
    '-w',
    '/bin/sh',
    '-c',
    'echo $$ > "$0"; if command -v bash >/dev/null 2>&1; then exec bash -c "$1"; fi; exec /bin/sh -c "$1"',
    pidFile,
    command,
  ];
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Runs `argv` as an exec to its end and returns its exit status (null when unknown). */
export async function runToEnd(
  client: EngineClient,
  containerId: string,
  argv: readonly string[],
  user: string,
): Promise<{ exitCode: number | null; output: string }> {
  const created = await client.call<{ Id: string }>('POST', `/containers/${containerId}/exec`, {
    AttachStdin: false,
    AttachStdout: true,
    AttachStderr: true,
    Tty: false,
    Cmd: argv,
    User: user,
  });
  const socket = await client.hijack(`/exec/${created.Id}/start`, { Detach: false, Tty: false });
  const output = demultiplexExec(socket);
  const chunks: Buffer[] = [];
  output.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  output.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  await output.ended;
  socket.destroy();
  const inspected = await client.call<{ ExitCode: number | null }>('GET', `/exec/${created.Id}/json`);
  return { exitCode: inspected.ExitCode ?? null, output: Buffer.concat(chunks).toString('utf8') };
}

/**
 * Starts one command as an exec in the container and hands back its streams. Stopping signals the
 * command's whole process group inside the container (SIGTERM, grace, SIGKILL) through a second
 * exec; a process that left the group (its own `setsid`) is ended with the container.
 */
export async function startContainerProcess(
  client: EngineClient,
  request: ContainerProcessRequest,
): Promise<SandboxProcess> {
  const pidFile = `/dev/shm/.toolgate-${randomUUID()}`;
  const created = await client.call<{ Id: string }>('POST', `/containers/${request.containerId}/exec`, {
    AttachStdin: request.stdin,
    AttachStdout: true,
    AttachStderr: true,
    Tty: false,
    Cmd: wrapped(request.command, pidFile),
    Env: request.env,
    WorkingDir: request.workingDirectory,
    User: request.user,
  });
  const socket = await client.hijack(`/exec/${created.Id}/start`, { Detach: false, Tty: false });
  socket.on('error', () => {});
  const output = demultiplexExec(socket);
  let ended = false;
  const exited: Promise<SandboxProcessEnd> = output.ended.then(async () => {
    ended = true;
    socket.destroy();
    try {
      const inspected = await client.call<{ ExitCode: number | null; Running: boolean }>(
        'GET',
        `/exec/${created.Id}/json`,
      );
      return { exitCode: inspected.Running ? null : (inspected.ExitCode ?? null), signal: null };
    } catch {
      return { exitCode: null, signal: null };
    }
  });

  const stdin = request.stdin
    ? new Writable({
        write(chunk: Buffer, _encoding, callback) {
          if (socket.destroyed) callback(new Error('the process has ended'));
          else socket.write(chunk, callback);
        },
        final(callback) {
          // Half-closes the connection: the engine closes the process's standard input.
          if (!socket.destroyed) socket.end();
          callback();
        },
      })
    : new PassThrough().end();

  const signalGroup = async (signal: 'TERM' | 'KILL'): Promise<void> => {
    try {
      await runToEnd(
        client,
        request.containerId,
        ['/bin/sh', '-c', `p=$(cat "$0" 2>/dev/null) && kill -s ${signal} -- "-$p"`, pidFile],
        request.user,
      );
    } catch {}
  };

  return {
    stdin,
    stdout: output.stdout,
    stderr: output.stderr,
    exited,
    async stop(graceMs) {
      if (ended) return;
      await signalGroup('TERM');
      await Promise.race([exited, delay(graceMs)]);
      if (ended) return;
      await signalGroup('KILL');
      await Promise.race([exited, delay(KILL_WAIT_MS)]);
      if (!ended) socket.destroy();
      await exited;
    },
  };
}
