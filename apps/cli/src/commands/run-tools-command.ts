import { delegateToolSpec } from '@toolgate/agent';
import { findClosestMatch, type ToolDefinition } from '@toolgate/core';
import { createSessionSurface, resolveAgentDefinitions } from '@toolgate/host';
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
  const session = await createSessionSurface({
    root: settings.root,
    config: settings.config,
    mode: settings.mode,
    // Listing runs nothing.
    sandbox: 'unconfined',
    ...(settings.hiddenTools ? { hiddenTools: settings.hiddenTools } : {}),
    ...(settings.mcpConfigFile ? { mcpConfigFile: settings.mcpConfigFile } : {}),
  });
  let definitions: readonly ToolDefinition[];
  let statusLines: readonly string[];
  try {
    const agents = await resolveAgentDefinitions({
      agents: settings.config.agents,
      files: settings.agentFiles,
      env: io.env,
      skipModels: true,
    });
    definitions = [
      ...session.surface.registry.list(),
      ...agents.map((agent) => delegateToolSpec(agent).definition),
    ];
    statusLines = session.mcp?.statusLines() ?? [];
  } finally {
    await session.close();
  }
  const colors = streamColors(io);
  // Why a server's tools are missing: for a person reading the table or a tool's help.
  if (!command.json) for (const line of statusLines) io.stderr.write(`${colors.stderr.dim(line)}\n`);
  if (command.tool !== undefined) {
    const definition = definitions.find((candidate) => candidate.name === command.tool);
    if (!definition) {
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
        ? `${JSON.stringify(definition, null, 2)}\n`
        : renderToolHelp(definition, settings.mode, colors.stdout),
    );
    return EXIT_CODES.success;
  }
  io.stdout.write(
    command.json
      ? `${JSON.stringify(definitions, null, 2)}\n`
      : renderToolsTable(definitions, settings.mode, colors.stdout, io.stdout.columns ?? 120),
  );
  return EXIT_CODES.success;
}
