// CPU time (user + system) of the waited-for children of this process, from /proc/self/stat:
// what a whole-process benchmark charges to the processes it spawned. Linux only.
import { readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100;

/** Milliseconds of CPU the children that ended so far used; undefined off Linux. */
export function childrenCpuMs() {
  if (process.platform !== 'linux') return undefined;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5) (cutime, cstime), counted from after the command name.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
