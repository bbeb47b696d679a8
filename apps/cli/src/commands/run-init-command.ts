import { userConfigFile, writeUserConfig } from '@toolgate/host';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import { STARTER_CONFIG, STARTER_CONFIG_COMMENTED } from './starter-config.js';

/** Options of `toolgate init`. */
export type InitCommandOptions = CommandOptions<'init'>;

/**
 * `toolgate init`: writes the starter config into the user's config file when there is none (mode
 * 0600), and prints it with what each key does. `--print` only prints. An existing file is never
 * overwritten: it says so and exits 2.
 */
export async function runInitCommand(io: CliIo, command: InitCommandOptions): Promise<ExitCode> {
  if (command.print) {
    io.stdout.write(STARTER_CONFIG_COMMENTED);
    return EXIT_CODES.success;
  }
  const file = userConfigFile(io.env);
  try {
    // Created only if the name is free at the moment of writing: never over a file, however new.
    await writeUserConfig(file, STARTER_CONFIG, { exclusive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    io.stderr.write(
      `toolgate: ${file} exists already; nothing was changed. 'toolgate init --print' shows the starter config to merge by hand.\n`,
    );
    return EXIT_CODES.usage;
  }
  io.stdout.write(STARTER_CONFIG_COMMENTED);
  io.stderr.write(`toolgate: wrote ${file} (the settings above, without the comments).\n`);
  return EXIT_CODES.success;
}
