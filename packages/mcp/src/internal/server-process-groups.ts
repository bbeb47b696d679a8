import { signalProcessGroup } from '@toolgate/core';

/** Process groups of stdio servers still running, killed synchronously if the host exits first. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

/**
 * Tracks a server's process group until {@link forgetServerGroup}. A host that exits without
 * closing (a second Ctrl-C, `process.exit` after its answer) must not leave servers behind: they
 * run detached, in their own group, so nothing else would end them.
 */
export function trackServerGroup(pgid: number): void {
  liveGroups.add(pgid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const group of liveGroups) signalProcessGroup(group, 'SIGKILL');
  });
}

/** Stops tracking a group that has ended (or been ended). */
export function forgetServerGroup(pgid: number): void {
  liveGroups.delete(pgid);
}
