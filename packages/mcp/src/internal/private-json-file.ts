import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InvalidOptionsError } from '@toolgate/core';

/** A JSON file only its user may read: mode 0600 in a 0700 directory, replaced whole, changes one at a time. */
export interface PrivateJsonFile<Data> {
  /** Reads the file (its `empty` value when missing), changes it, writes it back; one call at a time. */
  update<Result>(change: (data: Data) => { readonly data?: Data; readonly result: Result }): Promise<Result>;
}

/**
 * Opens a private JSON file: a file others may read, or one `valid` refuses, is an
 * `InvalidOptionsError` naming the file and the fix.
 */
export function privateJsonFile<Data>(
  file: string,
  what: string,
  empty: () => Data,
  valid: (value: unknown) => value is Data,
): PrivateJsonFile<Data> {
  let queue: Promise<unknown> = Promise.resolve();
  const load = async (): Promise<Data> => {
    let text: string;
    try {
      const info = await stat(file);
      if ((info.mode & 0o077) !== 0) {
        throw new InvalidOptionsError(
          `The ${what} ${file} may be read by other users (mode ${(info.mode & 0o777).toString(8)}); run chmod 600 on it.`,
        );
      }
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty();
      throw error;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (!valid(value))
      throw new InvalidOptionsError(`The ${what} ${file} is not valid; remove it and log in again.`);
    return value;
  };
  const save = async (data: Data): Promise<void> => {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      await chmod(temporary, 0o600);
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
  };
  return {
    update: (change) => {
      const work = async () => {
        const outcome = change(await load());
        if (outcome.data !== undefined) await save(outcome.data);
        return outcome.result;
      };
      const next = queue.then(work, work);
      queue = next.catch(() => {});
      return next;
    },
  };
}
