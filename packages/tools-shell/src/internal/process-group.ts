import { readdir, readFile } from 'node:fs/promises';
import { signalProcessGroup } from '@toolgate/core';

/** Signals that end a process group, in the order they are sent. */
export type TerminationSignal = 'SIGTERM' | 'SIGKILL';

const MAX_POLL_MS = 20;
const SCAN_AFTER_MS = 50;
const SCAN_INTERVAL_MS = 100;
const KILL_WAIT_MS = 2000;

/**
 * True while a process of the group is alive. On Linux, /proc is read so that zombies (already
 * dead, waiting for PID 1 to reap them) do not count; elsewhere signal 0 answers.
 */
export async function processGroupHasLiveMembers(pgid: number): Promise<boolean> {
  if (!signalProcessGroup(pgid, 0)) return false;
  if (process.platform !== 'linux') return true;
  return (await liveMembersOfGroup(pgid)).length > 0;
}

/** Pids of the group's live (non-zombie) members, from /proc (Linux only). */
export async function liveMembersOfGroup(pgid: number): Promise<number[]> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return [];
  }
  const members: number[] = [];
  await Promise.all(
    entries.map(async (entry) => {
      const first = entry.charCodeAt(0);
      if (first < 48 || first > 57) return;
      let stat: string;
      try {
        stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      } catch {
        return;
      }
      // Fields after the command (which may hold spaces and parentheses): state ppid pgrp …
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') members.push(Number(entry));
    }),
  );
  return members;
}

/** Signal 0 first (cheap); /proc is read only when the group lingers, as it may hold only zombies. */
async function waitUntilGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const startedAt = Date.now();
  const deadline = startedAt + timeoutMs;
  let pause = 1;
  let nextScan = startedAt + SCAN_AFTER_MS;
  for (;;) {
    if (!signalProcessGroup(pgid, 0)) return true;
    const now = Date.now();
    if (now >= nextScan) {
      if (!(await processGroupHasLiveMembers(pgid))) return true;
      nextScan = Date.now() + SCAN_INTERVAL_MS;
    }
    if (now >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(MAX_POLL_MS, pause * 2);
  }
}

/**
 * Ends a whole process group: SIGTERM, up to `graceMs` for it to go, then SIGKILL and a bounded
 * wait. Returns the last signal sent, or undefined when the group was already gone.
 */
export async function terminateProcessGroup(
  pgid: number,
  graceMs: number,
): Promise<TerminationSignal | undefined> {
  if (!signalProcessGroup(pgid, 'SIGTERM')) return undefined;
  // A stopped process cannot act on SIGTERM until it is continued.
  signalProcessGroup(pgid, 'SIGCONT');
  if (await waitUntilGone(pgid, graceMs)) return 'SIGTERM';
  signalProcessGroup(pgid, 'SIGKILL');
  await waitUntilGone(pgid, KILL_WAIT_MS);
  return 'SIGKILL';
}
