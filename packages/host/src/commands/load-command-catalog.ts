import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildCommandCatalog, type CommandDirectoryFiles } from './build-command-catalog.js';
import type { CommandCatalog } from './prompt-command.js';
import { readCommandDirectory } from './read-command-directory.js';

/**
 * The user's command directories, strongest first: toolgate's beside the user's config file
 * (`$XDG_CONFIG_HOME/toolgate/commands`, default `~/.config/toolgate/commands`), then Claude
 * Code's `~/.claude/commands`.
 */
export function userCommandDirectories(
  userFile: string,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  return [join(dirname(userFile), 'commands'), join(env.HOME || homedir(), '.claude', 'commands')];
}

/**
 * Every command a session offers from files, in precedence order: the workspace's (`workspace`,
 * the bytes trust verified; none unless it is trusted), then the user's directories, read now.
 */
export async function loadCommandCatalog(
  workspace: readonly CommandDirectoryFiles[],
  userDirectories: readonly string[],
): Promise<CommandCatalog> {
  const user = await Promise.all(userDirectories.map((directory) => readCommandDirectory(directory, 'user')));
  return buildCommandCatalog([...workspace, ...user]);
}
