import { CLEAR_COMMAND } from './clear-command.js';
import { EXIT_COMMAND } from './exit-command.js';
import { HELP_COMMAND } from './help-command.js';
import { MODE_COMMAND } from './mode-command.js';
import { PERMISSIONS_COMMAND } from './permissions-command.js';
import type { SlashCommand } from './slash-command.js';
import { STATUS_COMMAND } from './status-command.js';

/** The interactive agent's commands, in `/help`'s order: add one by adding its file and a line here. */
export const SLASH_COMMANDS: readonly SlashCommand[] = [
  HELP_COMMAND,
  MODE_COMMAND,
  PERMISSIONS_COMMAND,
  STATUS_COMMAND,
  CLEAR_COMMAND,
  EXIT_COMMAND,
];
