import { checkMachine, type MachineCheck } from '@toolgate/host';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import type { Colors } from '../render/colors.js';
import { shownText } from '../render/shown-text.js';
import { streamColors } from './command-context.js';

/** Options of `toolgate doctor`. */
export type DoctorCommandOptions = CommandOptions<'doctor'>;

function checkLines(check: MachineCheck, width: number, colors: Colors): string {
  const mark =
    check.status === 'ok'
      ? colors.green('✓')
      : check.status === 'warn'
        ? colors.yellow('!')
        : colors.red('✗');
  const fix =
    check.fix === undefined ? '' : `  ${' '.repeat(width)}${colors.dim(`→ ${shownText(check.fix)}`)}\n`;
  return `${mark} ${check.name.padEnd(width)}${shownText(check.detail)}\n${fix}`;
}

/**
 * `toolgate doctor`: checks and explains the machine and the workspace (Node, the sandbox, ripgrep,
 * a container engine, the model settings, trust, where config and state live), one line each with
 * what to do. Exits 1 when a check failed (a session could not start as configured), else 0.
 */
export async function runDoctorCommand(io: CliIo, command: DoctorCommandOptions): Promise<ExitCode> {
  const settings = await resolveSessionSettings(io, command.options);
  const checks = await checkMachine({ settings, env: io.env, nodeVersion: process.versions.node });
  const width = Math.max(...checks.map((check) => check.name.length)) + 2;
  const colors = streamColors(io).stdout;
  for (const check of checks) io.stdout.write(checkLines(check, width, colors));
  return checks.some((check) => check.status === 'fail') ? EXIT_CODES.toolFailure : EXIT_CODES.success;
}
