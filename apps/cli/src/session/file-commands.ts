import {
  commandsBesideBuiltIns,
  expandPromptCommand,
  type PromptCommand,
  promptCommandOfLine,
  type SessionSettings,
} from '@toolgate/host';
import { BUILT_IN_COMMAND_NAMES } from '../interactive/commands/built-in-command-names.js';
import type { FileCommands } from './file-command-list.js';

/** The session's commands from files, the interactive agent's built-ins winning (`toolgate run` and `toolgate commands` agree). */
export async function fileCommandsOf(settings: SessionSettings): Promise<FileCommands> {
  const catalog = await settings.commands();
  return { ...commandsBesideBuiltIns(catalog, BUILT_IN_COMMAND_NAMES), problems: catalog.problems };
}

/**
 * The prompt a line sends when it names a command from a file (`/review 42`): the expanded
 * template, and the command for the line that says where it came from; `undefined` otherwise.
 */
export function fileCommandPrompt(
  commands: FileCommands,
  line: string,
): { readonly prompt: string; readonly command: PromptCommand } | undefined {
  const invoked = promptCommandOfLine(commands.offered, line);
  return invoked && { prompt: expandPromptCommand(invoked.command, invoked.args), command: invoked.command };
}

/** One line saying which file a command's prompt came from, and what of it is ignored. */
export function describeFileCommandUse(command: PromptCommand): string {
  return `• /${command.name} (${command.label}) from ${command.file}${command.notes.map((note) => `; ${note}`).join('')}\n`;
}
