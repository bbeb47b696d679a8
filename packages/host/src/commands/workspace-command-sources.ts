import { join } from 'node:path';
import type { CommandDirectoryFiles } from './build-command-catalog.js';
import { WORKSPACE_COMMAND_DIRECTORIES } from './command-sources.js';
import type { CommandProblem } from './prompt-command.js';

/**
 * The workspace's command directories (`.toolgate/commands`, then `.claude/commands`) from the
 * bytes trust digested (`contents`, by path relative to the real root `root`): nothing is read
 * again, so what a session offers is what the person trusted. `problems` are what trust left out.
 */
export function workspaceCommandSources(
  root: string,
  contents: ReadonlyMap<string, Uint8Array>,
  problems: readonly CommandProblem[],
): CommandDirectoryFiles[] {
  return WORKSPACE_COMMAND_DIRECTORIES.map((directory, index) => {
    const prefix = `${directory}/`;
    const files = new Map(
      [...contents]
        .filter(([rel]) => rel.startsWith(prefix) && rel.endsWith('.md'))
        .map(([rel, bytes]) => [rel.slice(prefix.length), bytes] as const),
    );
    return {
      scope: 'project' as const,
      directory: join(root, directory),
      files,
      // The listing's problems are `.claude/commands`' (`.toolgate` is trusted whole or not at all).
      problems: index === 1 ? problems : [],
    };
  });
}

/** Whether trust's files include a command file of the workspace. */
export function hasWorkspaceCommands(files: Readonly<Record<string, string>>): boolean {
  return Object.keys(files).some((rel) =>
    WORKSPACE_COMMAND_DIRECTORIES.some((directory) => rel.startsWith(`${directory}/`) && rel.endsWith('.md')),
  );
}
