import type { FileCommands } from '../session/file-command-list.js';
import type { Colors } from './colors.js';

/**
 * The commands from files for people: each offered one with its hint, description, label and
 * file (and what of it is ignored), then those shadowed and by what, then the files not read and why.
 */
export function formatFileCommands(commands: FileCommands, colors: Colors): string {
  const usage = (name: string, hint: string | undefined) => `/${name}${hint ? ` ${hint}` : ''}`;
  const width = Math.max(
    0,
    ...commands.offered.map((command) => usage(command.name, command.argumentHint).length),
  );
  return [
    ...commands.offered.map(
      (command) =>
        `  ${colors.bold(usage(command.name, command.argumentHint).padEnd(width))}  ${command.description} ${colors.dim(`(${command.label}) ${command.file}`)}\n` +
        command.notes.map((note) => colors.dim(`      note: ${note}\n`)).join(''),
    ),
    ...commands.shadowed.map((entry) =>
      colors.yellow(`  shadowed: /${entry.command.name} of ${entry.command.file}, by ${entry.by}\n`),
    ),
    ...commands.problems.map((problem) =>
      colors.yellow(`  not offered: ${problem.file}: ${problem.reason}\n`),
    ),
  ].join('');
}
