import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { formatFileCommands } from '../render/format-file-commands.js';
import { fileCommandsOf } from '../session/file-commands.js';
import { streamColors } from './command-context.js';

/** Options of `toolgate commands`. */
export type CommandsCommandOptions = CommandOptions<'commands'>;

/**
 * `toolgate commands`: the prompt commands of files the workspace's sessions offer, each with its
 * hint, description, source label and file, then those shadowed (by a stronger file or a built-in)
 * and the files not read, with why; `--json`: one object. Why an untrusted workspace's own are
 * left out goes to stderr.
 */
export async function runCommandsCommand(io: CliIo, command: CommandsCommandOptions): Promise<ExitCode> {
  const settings = await resolveSessionSettings(io, command.options);
  if (settings.commandsWithheld !== undefined) io.stderr.write(`${settings.commandsWithheld}\n`);
  const commands = await fileCommandsOf(settings);
  if (command.json) {
    io.stdout.write(
      `${JSON.stringify({
        commands: commands.offered.map(({ body: _body, ...listed }) => listed),
        shadowed: commands.shadowed.map((entry) => ({
          name: entry.command.name,
          file: entry.command.file,
          by: entry.by,
        })),
        problems: commands.problems,
      })}\n`,
    );
    return EXIT_CODES.success;
  }
  const colors = streamColors(io).stdout;
  io.stdout.write(
    commands.offered.length + commands.shadowed.length + commands.problems.length === 0
      ? 'No commands from files. Put prompts in .toolgate/commands/*.md (or .claude/commands) of the workspace, or in ~/.config/toolgate/commands/*.md.\n'
      : formatFileCommands(commands, colors),
  );
  return EXIT_CODES.success;
}
