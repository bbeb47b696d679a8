import type { ApprovalMode } from '@toolgate/core';
import type { AgentHostSession } from '@toolgate/host';
import type { AcpFileCommands } from './file-commands.js';

/** What a command may use of its session. */
export interface AcpCommandContext {
  /** The session: its permissions, stored turns and rewind. */
  readonly session: AgentHostSession;
  /** The approval mode calls run in now (the one asked for, held to the managed floor). */
  mode(): ApprovalMode;
  /** The approval mode last asked for (`session/set_mode`, `/mode`), before the managed floor. */
  askedMode(): ApprovalMode;
  /** Switches the approval mode from the next call; the editor hears `current_mode_update` with the mode calls run in. */
  setMode(mode: ApprovalMode): void;
  /** The session's model as `provider:model`. */
  model(): string;
  /** Changes the model from the next turn; throws `ModelConfigError` naming what to set. */
  setModel(model: string): Promise<void>;
  /** Every command of the session, for `/help`. */
  readonly commands: readonly AcpCommand[];
  /** The commands from files, for `/help`. */
  readonly fileCommands: AcpFileCommands;
}

/** A command a prompt may start with (`/help`): listed in `available_commands_update`, run instead of a model turn. */
export interface AcpCommand {
  /** Without the slash. */
  readonly name: string;
  readonly description: string;
  /** What the command takes after its name, shown by the editor. @default takes nothing */
  readonly hint?: string;
  /** Runs the command with the text after its name; resolves to what the editor shows. */
  run(argument: string, context: AcpCommandContext): Promise<string>;
}
