import type { ChildProcess, StdioOptions } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { ShellInvocation } from '../executor/shell-invocation.js';
import { delay } from './delay.js';
import { type TerminationSignal, terminateProcessGroup } from './process-group.js';

/**
 * The process a launcher (bubblewrap) confines the command under, as it reported it. The start
 * time pins the pid, so a pid reused after that process ended is never signalled.
 */
export interface LauncherChild {
  readonly pid: number;
  readonly startTime: string;
}

/** Longest wait for the launcher's report before stopping without it (it comes within milliseconds). */
const REPORT_WAIT_MS = 5000;
/** Longest wait for the reported child to be gone after SIGKILL (a process in D state lingers). */
const CHILD_EXIT_WAIT_MS = 2000;
const MAX_POLL_MS = 20;
/** A report is a few hundred bytes; anything longer is not one. */
const MAX_REPORT_CHARS = 65_536;

/** The spawn's stdio: with a fourth pipe, the launcher's fd 3, when the invocation reports its child there. */
export function launchStdio(invocation: ShellInvocation, stdin: 'ignore' | 'pipe'): StdioOptions {
  return invocation.reportsChildPidOnFd3 ? [stdin, 'pipe', 'pipe', 'pipe'] : [stdin, 'pipe', 'pipe'];
}

/** The start time (clock ticks after boot) of a live process, from /proc; undefined when gone or a zombie. */
async function liveStartTime(pid: number): Promise<string | undefined> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the command (which may hold spaces and parentheses): state (3rd) … starttime (22nd).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[0] === 'Z' || fields[0] === 'X' ? undefined : fields[19];
}

function reportedPid(text: string): number | undefined {
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch {
    return undefined;
  }
  const pid = (report as Record<string, unknown> | null)?.['child-pid'];
  return typeof pid === 'number' && Number.isInteger(pid) && pid > 1 ? pid : undefined;
}

/**
 * Reads the child-pid report a launcher writes on the spawn's fd 3. Resolves once a whole JSON
 * object names the child, or with undefined when the pipe ends without one (the launcher failed
 * or is gone) or the invocation reports nothing. The pipe is left open: closing it early could
 * make the launcher fail writing the rest of its report.
 */
export function watchLauncherChild(child: ChildProcess): Promise<LauncherChild | undefined> {
  const pipe = child.stdio[3] as Readable | null | undefined;
  if (!pipe) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let text = '';
    let done = false;
    const finish = (pid: number | undefined): void => {
      if (done) return;
      done = true;
      if (pid === undefined) {
        resolve(undefined);
        return;
      }
      void liveStartTime(pid).then((startTime) =>
        resolve(startTime === undefined ? undefined : { pid, startTime }),
      );
    };
    pipe.setEncoding('utf8');
    pipe.on('data', (chunk: string) => {
      if (done) return;
      text += chunk;
      if (text.length > MAX_REPORT_CHARS) finish(undefined);
      else {
        const pid = reportedPid(text);
        if (pid !== undefined) finish(pid);
      }
    });
    pipe.on('error', () => finish(undefined));
    pipe.once('end', () => finish(reportedPid(text)));
    pipe.once('close', () => finish(reportedPid(text)));
  });
}

/** SIGKILL to the reported child, if it is still that process. */
async function killLauncherChild(launched: LauncherChild): Promise<boolean> {
  if ((await liveStartTime(launched.pid)) !== launched.startTime) return false;
  try {
    process.kill(launched.pid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

async function waitUntilChildGone(launched: LauncherChild): Promise<void> {
  const deadline = Date.now() + CHILD_EXIT_WAIT_MS;
  let pause = 1;
  while ((await liveStartTime(launched.pid)) === launched.startTime && Date.now() < deadline) {
    // A ref'd timer: this poll may be all that is left of a call whose pipes have closed, and an
    // unref'd one would let the host's event loop end (exit 0, the call's result never printed).
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(MAX_POLL_MS, pause * 2);
  }
}

/**
 * Ends everything a spawn started: first waits for the launcher's report of its child (bounded),
 * so a stop during the launcher's set-up cannot miss a child that is about to leave the group;
 * kills that child (for bubblewrap, the init of the sandbox's pid namespace, which takes every
 * process of the sandbox with it); ends the process group as {@link terminateProcessGroup}; then
 * waits until the child is gone. Returns the last signal sent, or undefined when nothing was left.
 */
export async function terminateLaunch(
  pgid: number,
  launcherChild: Promise<LauncherChild | undefined> | undefined,
  graceMs: number,
): Promise<TerminationSignal | undefined> {
  const launched = launcherChild
    ? await Promise.race([launcherChild, delay(REPORT_WAIT_MS).then(() => undefined)])
    : undefined;
  const killed = launched !== undefined && (await killLauncherChild(launched));
  const sent = await terminateProcessGroup(pgid, graceMs);
  if (launched !== undefined) await waitUntilChildGone(launched);
  return sent ?? (killed ? 'SIGKILL' : undefined);
}
