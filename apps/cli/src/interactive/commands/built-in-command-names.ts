import { SESSION_COMMAND_NAMES } from '../run-session-command.js';
import { SLASH_COMMANDS } from './slash-commands.js';

/**
 * Every command the interactive agent has of its own: a command file with one of these names is
 * shadowed (the built-in wins), in the interactive agent, in `toolgate run` and in `toolgate commands`.
 */
export const BUILT_IN_COMMAND_NAMES: readonly string[] = [
  ...SLASH_COMMANDS.map((command) => command.name),
  ...SESSION_COMMAND_NAMES,
];
