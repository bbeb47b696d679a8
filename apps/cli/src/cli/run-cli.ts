import { ToolgateError } from '@toolgate/core';
import { runCallCommand } from '../commands/run-call-command.js';
import { runMcpCommand } from '../commands/run-mcp-command.js';
import { runToolsCommand } from '../commands/run-tools-command.js';
import type { CliIo } from './cli-io.js';
import { EXIT_CODES, type ExitCode } from './exit-codes.js';
import { parseCliArguments } from './parse-cli-arguments.js';
import { readVersion } from './read-version.js';
import { UsageError } from './usage-error.js';
import { USAGE_TEXT } from './usage-text.js';

/**
 * Runs the `toolgate` command and resolves to its exit status. Usage and configuration problems
 * (bad options, bad ARGS, bad config files, a workspace that cannot be opened) exit 2.
 */
export async function runCli(io: CliIo): Promise<ExitCode> {
  try {
    const command = parseCliArguments(io.argv);
    switch (command.command) {
      case 'help':
        io.stdout.write(USAGE_TEXT);
        return EXIT_CODES.success;
      case 'version':
        io.stdout.write(`${readVersion()}\n`);
        return EXIT_CODES.success;
      case 'tools':
        return await runToolsCommand(io, command.options, command.json);
      case 'call':
        return await runCallCommand(io, command);
      case 'mcp':
        return await runMcpCommand(io, command.options);
    }
  } catch (error) {
    if (UsageError.isInstance(error)) {
      io.stderr.write(`toolgate: ${error.message}\nRun 'toolgate --help' for usage.\n`);
      return EXIT_CODES.usage;
    }
    if (ToolgateError.isInstance(error)) {
      io.stderr.write(`toolgate: ${error.message}\n`);
      return EXIT_CODES.usage;
    }
    throw error;
  }
}
