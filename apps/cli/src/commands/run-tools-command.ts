import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommonOptions } from '../cli/parse-cli-arguments.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { renderToolsTable } from '../render/render-tools-table.js';
import { createSessionSurface } from '../session/create-session-surface.js';
import { streamColors } from './command-context.js';

/** `toolgate tools [--json]`: the session's tool surface, as a table or as the definitions the model sees. */
export async function runToolsCommand(io: CliIo, options: CommonOptions, json: boolean): Promise<ExitCode> {
  const settings = await resolveSessionSettings(options, io.env, io.cwd);
  const session = await createSessionSurface({
    root: settings.root,
    config: settings.config,
    mode: settings.mode,
    ...(settings.mcpConfigFile ? { mcpConfigFile: settings.mcpConfigFile } : {}),
  });
  let definitions: ReturnType<typeof session.surface.registry.list>;
  let statusLines: readonly string[];
  try {
    definitions = session.surface.registry.list();
    statusLines = session.mcp?.statusLines() ?? [];
  } finally {
    await session.close();
  }
  if (json) {
    io.stdout.write(`${JSON.stringify(definitions, null, 2)}\n`);
    return EXIT_CODES.success;
  }
  const colors = streamColors(io);
  io.stdout.write(renderToolsTable(definitions, settings.mode, colors.stdout, io.stdout.columns ?? 120));
  for (const line of statusLines) io.stderr.write(`${colors.stderr.dim(line)}\n`);
  return EXIT_CODES.success;
}
