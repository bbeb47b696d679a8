import type { AvailableCommand, ContentBlock } from '@agentclientprotocol/sdk';
import {
  type CommandProblem,
  commandsBesideBuiltIns,
  expandPromptCommand,
  type PromptCommand,
  promptCommandOfLine,
  type SessionSettings,
  type ShadowedCommand,
} from '@toolgate/host';

/** The session's commands from files beside toolgate-acp's own: offered, shadowed (a built-in wins), and the files not read. */
export interface AcpFileCommands {
  readonly offered: readonly PromptCommand[];
  readonly shadowed: readonly ShadowedCommand[];
  readonly problems: readonly CommandProblem[];
}

/** The session's commands from files, `builtIns` (the command table's names) winning over a file of their name. */
export async function acpFileCommands(
  settings: SessionSettings,
  builtIns: readonly string[],
): Promise<AcpFileCommands> {
  const catalog = await settings.commands();
  return { ...commandsBesideBuiltIns(catalog, builtIns), problems: catalog.problems };
}

/** The commands from files as `available_commands_update` lists them, after the built-ins. */
export function availableFileCommands(commands: readonly PromptCommand[]): AvailableCommand[] {
  return commands.map((command) => ({
    name: command.name,
    description: `${command.description} (${command.label})`,
    ...(command.argumentHint ? { input: { hint: command.argumentHint } } : {}),
  }));
}

/**
 * The prompt with its first block expanded, when that block is text `/name args` naming a command
 * from a file (the blocks after it, a resource the editor attached, follow as they are); else
 * `undefined`.
 */
export function expandFileCommand(
  blocks: readonly ContentBlock[],
  commands: readonly PromptCommand[],
): ContentBlock[] | undefined {
  const [first, ...rest] = blocks;
  if (first?.type !== 'text') return undefined;
  const invoked = promptCommandOfLine(commands, first.text);
  if (!invoked) return undefined;
  return [{ type: 'text', text: expandPromptCommand(invoked.command, invoked.args) }, ...rest];
}
