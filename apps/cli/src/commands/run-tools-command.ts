import { type ApprovalSubject, findClosestMatch } from '@toolgate/core';
import { openHostSession } from '@toolgate/host';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { UsageError } from '../cli/usage-error.js';
import { renderToolHelp } from '../render/render-tool-help.js';
import { renderToolsTable } from '../render/render-tools-table.js';
import { streamColors } from './command-context.js';

/** Options of `toolgate tools`. */
export type ToolsCommandOptions = CommandOptions<'tools'>;

/**
 * `toolgate tools [<tool>] [--json]`: the session's tool surface as a table or as the definitions
 * the model sees, the agent's `delegate_<name>` tools last; with a name, that tool's description
 * and arguments (or its one definition).
 */
export async function runToolsCommand(io: CliIo, command: ToolsCommandOptions): Promise<ExitCode> {
  const settings = await resolveSessionSettings(io, command.options);
  // The session's tools themselves, not only their definitions: the table shows whether each asks
  // by the rule the tool declares (a swapped-in bash or a tool module has its own).
  const session = await openHostSession(settings, {
    purpose: { kind: 'list' },
    answeredBy: 'terminal',
    env: io.env,
    notice: (line) => io.stderr.write(`${line}\n`),
  });
  let tools: readonly ApprovalSubject[];
  let statusLines: readonly string[];
  try {
    tools = [...session.tools.list(), ...session.delegates];
    statusLines = session.mcpStatus();
  } finally {
    await session.close();
  }
  const definitions = tools.map((tool) => tool.definition);
  const colors = streamColors(io);
  // Why a server's tools are missing: for a person reading the table or a tool's help.
  if (!command.json) for (const line of statusLines) io.stderr.write(`${colors.stderr.dim(line)}\n`);
  if (command.tool !== undefined) {
    const tool = tools.find((candidate) => candidate.definition.name === command.tool);
    if (!tool) {
      const closest = findClosestMatch(
        command.tool,
        definitions.map((candidate) => candidate.name),
      );
      throw new UsageError(
        `No tool named ${JSON.stringify(command.tool)} in this session${closest ? ` (did you mean ${JSON.stringify(closest)}?)` : ''}; 'toolgate tools' lists them.`,
      );
    }
    io.stdout.write(
      command.json
        ? `${JSON.stringify(tool.definition, null, 2)}\n`
        : renderToolHelp(tool, settings.mode, colors.stdout),
    );
    return EXIT_CODES.success;
  }
  io.stdout.write(
    command.json
      ? `${JSON.stringify(definitions, null, 2)}\n`
      : renderToolsTable(tools, settings.mode, colors.stdout, io.stdout.columns ?? 120),
  );
  return EXIT_CODES.success;
}
