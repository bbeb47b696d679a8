import type { Stats } from 'node:fs';
import { fileCalls } from './file-calls.js';

/** `stat` that answers undefined for a path that does not exist; any other error is thrown. */
export async function statIfExists(path: string): Promise<Stats | undefined> {
  try {
    return await fileCalls.stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
