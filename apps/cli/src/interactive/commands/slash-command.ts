import type { ApprovalMode } from '@toolgate/core';
import type { AgentHostSession } from '@toolgate/host';
import type { CliIo } from '../../cli/cli-io.js';
import type { Colors } from '../../render/colors.js';
import type { FileCommands } from '../../session/file-command-list.js';

/** What a slash command may use: the session, its live approval mode, the terminal, the others. */
export interface SlashCommandContext {
  readonly io: CliIo;
  readonly session: AgentHostSession;
  /** The session's approval mode, read at every call: setting it applies from the next call on. */
  readonly mode: { get(): ApprovalMode; set(mode: ApprovalMode): void };
  /** Every command the interactive agent knows (for `/help`). */
  readonly commands: readonly SlashCommand[];
  /** The commands from files (for `/help`). */
  readonly fileCommands: FileCommands;
  /** Writes to the person's terminal. */
  write(text: string): void;
  /** Reads one line from the person's terminal (`null` at end of input or on Ctrl-C). */
  readLine(): Promise<string | null>;
  readonly colors: Colors;
}

/** After a command: wait for the next line, or end the interactive agent (exit 0). */
export type SlashCommandOutcome = 'continue' | 'exit';

/**
 * One command of the interactive agent (`/mode plan`): never sent to the model. A command is one
 * file exporting one of these; `slash-commands.ts` lists them.
 */
export interface SlashCommand {
  /** Typed after the `/`, lower case (`mode`). */
  readonly name: string;
  /** How it is typed, for `/help` (`/mode [name]`). */
  readonly usage: string;
  /** One line on what it does, for `/help`. */
  readonly summary: string;
  /** Runs it with the text after the name (trimmed, `''` when none). */
  run(args: string, context: SlashCommandContext): Promise<SlashCommandOutcome>;
}
