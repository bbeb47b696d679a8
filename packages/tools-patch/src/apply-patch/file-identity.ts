import { fileCalls } from '@toolgate/core/workspace-io';

/**
 * Which file an existing path is, as the file system tells it (device and inode), so two names of
 * one file are seen as one: a hard link, or two spellings a case- or normalization-insensitive file
 * system (macOS, Windows) does not tell apart. `link` asks about a symbolic link itself rather than
 * what it points to. Undefined when the path does not exist or cannot be looked at.
 */
export async function fileIdentity(path: string, link = false): Promise<string | undefined> {
  try {
    const { dev, ino } = await fileCalls.inode(path, !link);
    return `${dev}:${ino}`;
  } catch {
    return undefined;
  }
}
