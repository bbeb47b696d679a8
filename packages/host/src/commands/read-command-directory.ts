import { join } from 'node:path';
import { readRegularFile } from '@toolgate/core';
import type { CommandDirectoryFiles } from './build-command-catalog.js';
import { MAX_COMMAND_FILE_BYTES } from './command-sources.js';
import { listCommandFiles } from './list-command-files.js';
import type { CommandProblem, CommandScope } from './prompt-command.js';

/**
 * Reads a directory of the user's command files from the disk (the user's own: no trust needed):
 * listed without following links, each file opened without following one, bounded in size.
 */
export async function readCommandDirectory(
  directory: string,
  scope: CommandScope,
): Promise<CommandDirectoryFiles> {
  const listing = await listCommandFiles(directory, '');
  const files = new Map<string, Uint8Array>();
  const problems: CommandProblem[] = [...listing.problems];
  for (const rel of listing.files) {
    const file = join(directory, rel);
    try {
      const read = await readRegularFile(file, { maxBytes: MAX_COMMAND_FILE_BYTES });
      if (read.kind === 'file') files.set(rel, read.bytes);
      else if (read.kind !== 'missing')
        problems.push({ file, reason: `${read.kind.replace('_', ' ')}; not read` });
    } catch (error) {
      problems.push({
        file,
        reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      });
    }
  }
  return { scope, directory, files, problems };
}
