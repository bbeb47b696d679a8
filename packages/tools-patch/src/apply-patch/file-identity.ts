import { lstat, stat } from 'node:fs/promises';

/**
 * Which file an existing path is, as the file system tells it (device and inode), so two names of
 * one file are seen as one: a hard link, or two spellings a case- or normalization-insensitive file
 * system (macOS, Windows) does not tell apart. `link` asks about a symbolic link itself rather than
 * what it points to. Undefined when the path does not exist or cannot be looked at.
 */
export async function fileIdentity(path: string, link = false): Promise<string | undefined> {
  try {
    const stats = await (link ? lstat(path, { bigint: true }) : stat(path, { bigint: true }));
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}
