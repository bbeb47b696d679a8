import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { SessionStoreError } from './session-store-error.js';

/** The lock file in a session's directory: the pid of the process that has the session open. */
export const SESSION_LOCK_FILE = 'lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process that holds a session's lock, if one does. */
export async function lockHolder(directory: string): Promise<number | undefined> {
  const holder = Number((await readFile(join(directory, SESSION_LOCK_FILE), 'utf8').catch(() => '')).trim());
  return Number.isSafeInteger(holder) && holder > 0 && alive(holder) ? holder : undefined;
}

/**
 * Takes the lock of a stored session's directory for this process, so two processes never append
 * turns to one log: a lock held by another live process is `session_busy`; one left by a process
 * that has ended is taken over. Resolves to the release (removes the lock once).
 */
export async function lockSession(directory: string, id: string): Promise<() => Promise<void>> {
  const file = join(directory, SESSION_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await lockHolder(directory);
    if (holder !== undefined && holder !== process.pid)
      throw new SessionStoreError(
        'session_busy',
        `Session ${id} is open in another toolgate process (pid ${holder}): end that one first, or --fork ${id} to go on in a copy. (If no toolgate runs as pid ${holder}, remove ${file}.)`,
      );
    await rm(file, { force: true });
  }
  throw new SessionStoreError(
    'session_busy',
    `Session ${id}: its lock ${join(directory, SESSION_LOCK_FILE)} could not be taken.`,
  );
}
