import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Options of {@link writeUserConfig}. */
export interface WriteUserConfigOptions {
  /**
   * Only create the file: when one exists already (even one made a moment ago) nothing changes and
   * the write fails with `EEXIST`. @default false: an existing file is replaced
   */
  readonly exclusive?: boolean;
}

/**
 * Writes the user's config file atomically: a temporary file beside it, created with mode 0600
 * (it may hold settings a person keeps private), synced, then renamed over the old one (or, when
 * `exclusive`, linked to its name, which fails if the name exists). Its directory is created with
 * mode 0700 when missing.
 */
export async function writeUserConfig(
  file: string,
  value: unknown,
  options: WriteUserConfigOptions = {},
): Promise<void> {
  const directory = dirname(file);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const temporary = join(directory, `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    if (options.exclusive) await link(temporary, file);
    else await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}
