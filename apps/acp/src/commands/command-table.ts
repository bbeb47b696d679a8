import type { AvailableCommand, ContentBlock } from '@agentclientprotocol/sdk';
import type { AcpCommand } from './acp-command.js';
import { HELP_COMMAND } from './help-command.js';
import { MODE_COMMAND } from './mode-command.js';
import { MODEL_COMMAND } from './model-command.js';
import { PERMISSIONS_COMMAND } from './permissions-command.js';
import { REWIND_COMMAND } from './rewind-command.js';
import { STATUS_COMMAND } from './status-command.js';

/** toolgate-acp's commands, in the order the editor lists them. Another command is one more file and one more entry. */
export const ACP_COMMANDS: readonly AcpCommand[] = [
  HELP_COMMAND,
  MODE_COMMAND,
  PERMISSIONS_COMMAND,
  REWIND_COMMAND,
  MODEL_COMMAND,
  STATUS_COMMAND,
];

/** The commands as `available_commands_update` lists them. */
export function availableCommands(commands: readonly AcpCommand[]): AvailableCommand[] {
  return commands.map((command) => ({
    name: command.name,
    description: command.description,
    ...(command.hint ? { input: { hint: command.hint } } : {}),
  }));
}

/**
 * The command a prompt starts with (its only block is text `/<name>` or `/<name> argument`), or
 * undefined: any other prompt, an unknown name included (`/etc/hosts is wrong` is a question), is
 * the model's.
 */
export function commandOfPrompt(
  blocks: readonly ContentBlock[],
  commands: readonly AcpCommand[],
): { readonly command: AcpCommand; readonly argument: string } | undefined {
  const [first, ...rest] = blocks;
  if (rest.length > 0 || first?.type !== 'text') return undefined;
  const match = /^\/([A-Za-z][\w-]*)(?:\s+([\s\S]*))?$/.exec(first.text.trim());
  if (!match) return undefined;
  const command = commands.find((candidate) => candidate.name === match[1]);
  return command ? { command, argument: match[2] ?? '' } : undefined;
}
