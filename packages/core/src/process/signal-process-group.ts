/**
 * Sends `signal` to every process of a group (signal 0 only asks whether it exists); false when the
 * group no longer exists. Tools that run commands detached in their own group end them this way.
 */
export function signalProcessGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  // A group id of 0 or 1 would hit our own group or every process we may signal.
  if (!Number.isInteger(pgid) || pgid <= 1) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}
