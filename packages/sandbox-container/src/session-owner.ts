import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { EngineClient } from './engine/engine-client.js';

/** Labels every session container carries; a container without `SANDBOX_LABEL` is never touched. */
export const SANDBOX_LABEL = 'dev.toolgate.sandbox';
export const SESSION_LABEL = 'dev.toolgate.session';
export const OWNER_LABEL = 'dev.toolgate.owner';

/** A process's start time (clock ticks after boot), which pins its pid; undefined when gone or not on Linux. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? undefined : fields[19];
  } catch {
    return undefined;
  }
}

/** `host/pid/start` of this process: who owns the containers it creates. */
export function ownerOfThisProcess(): string {
  return `${hostname()}/${process.pid}/${startTime(process.pid) ?? ''}`;
}

/** True when the owner is a process on this machine that no longer runs (its pid gone or reused). */
export function ownerIsGone(owner: string): boolean {
  const [host, pidText, start] = owner.split('/');
  if (host !== hostname()) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  const now = startTime(pid);
  return start !== undefined && start !== '' && now !== undefined && now !== start;
}

/**
 * Removes the session containers whose owning process on this machine is gone (killed with -9, a
 * crash): they are the ones no `close` will remove. Containers of live sessions, of other
 * machines, and without toolgate's label are left alone. Returns the ids removed.
 */
export async function reapStaleContainers(client: EngineClient): Promise<string[]> {
  const filters = encodeURIComponent(JSON.stringify({ label: [SANDBOX_LABEL] }));
  const listed = await client.call<Array<{ Id: string; Labels?: Record<string, string> }>>(
    'GET',
    `/containers/json?all=true&filters=${filters}`,
  );
  const stale = listed.filter((container) => {
    const owner = container.Labels?.[OWNER_LABEL];
    return owner !== undefined && ownerIsGone(owner);
  });
  const removed = await Promise.all(
    stale.map((container) =>
      client.call('DELETE', `/containers/${container.Id}?force=true&v=true`).then(
        () => container.Id,
        () => undefined,
      ),
    ),
  );
  return removed.filter((id): id is string => id !== undefined);
}
