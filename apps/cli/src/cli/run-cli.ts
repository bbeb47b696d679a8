import type { CliIo } from './cli-io.js';
import { EXIT_CODES, type ExitCode } from './exit-codes.js';
import { parseCliArguments } from './parse-cli-arguments.js';
import { readVersion } from './read-version.js';
import { signalExitCode } from './signal-exit-code.js';
import { UsageError } from './usage-error.js';
import { USAGE_TEXT } from './usage-text.js';

/** Core's `ToolgateError.isInstance`, by its `Symbol.for` marker, without loading core. */
function isToolgateError(error: unknown): error is Error {
  return typeof error === 'object' && error !== null && Symbol.for('toolgate.error') in error;
}

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
      // Each command is a chunk of its own in the bundle, loaded only when it runs: listing loads
      // every tool package, a call only its tool's, and neither loads the terminal approver of
      // the other commands, the agent (and the AI SDK) or the MCP SDK.
      case 'tools':
        return await (await import('../commands/run-tools-command.js')).runToolsCommand(io, command);
      case 'call':
        return command.explain
          ? await (await import('../commands/run-explain-command.js')).runExplainCommand(io, command)
          : await (await import('../commands/run-call-command.js')).runCallCommand(io, command);
      case 'interactive':
        io.keepsRunning?.();
        return await (await import('../interactive/run-interactive.js')).runInteractive(io, command);
      case 'run':
        io.keepsRunning?.();
        return await (await import('../commands/run-agent-command.js')).runAgentCommand(io, command);
      case 'mcp':
        io.keepsRunning?.();
        return command.http
          ? await (await import('../commands/run-mcp-http-command.js')).runMcpHttpCommand(
              io,
              command.http,
              command.options,
            )
          : await (await import('../commands/run-mcp-command.js')).runMcpCommand(io, command.options);
      case 'mcp-auth':
        return await (await import('../commands/run-mcp-auth-command.js')).runMcpAuthCommand(io, command);
      case 'trust':
        return await (await import('../commands/run-trust-command.js')).runTrustCommand(io, command);
      case 'sessions':
        return await (await import('../commands/run-sessions-command.js')).runSessionsCommand(io, command);
      case 'rewind':
        return await (await import('../commands/run-rewind-command.js')).runRewindCommand(io, command);
      case 'commands':
        return await (await import('../commands/run-commands-command.js')).runCommandsCommand(io, command);
      case 'doctor':
        return await (await import('../commands/run-doctor-command.js')).runDoctorCommand(io, command);
      case 'init':
        return await (await import('../commands/run-init-command.js')).runInitCommand(io, command);
      case 'permissions':
        return await (await import('../commands/run-permissions-command.js')).runPermissionsCommand(
          io,
          command,
        );
    }
  } catch (error) {
    // A signal while stdin was still being read: the command stops as a signal stops it.
    // (whole-input's InterruptedRead, told by its name: importing it would load that file for every command.)
    if ((error as Error | undefined)?.name === 'InterruptedRead') {
      io.stderr.write(`• ${(error as Error).message}\n`);
      return signalExitCode(io.signal) ?? EXIT_CODES.interrupted;
    }
    // A bad config file or variable (the host's ConfigError, code config_invalid) is a usage problem too.
    if (
      UsageError.isInstance(error) ||
      (isToolgateError(error) && 'code' in error && error.code === 'config_invalid')
    ) {
      io.stderr.write(`toolgate: ${error.message}\nRun 'toolgate --help' for usage.\n`);
      return EXIT_CODES.usage;
    }
    if (isToolgateError(error)) {
      io.stderr.write(`toolgate: ${error.message}\n`);
      return EXIT_CODES.usage;
    }
    throw error;
  }
}
