import type { ToolDefinition } from '@toolgate/core';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommonOptions } from '../cli/parse-cli-arguments.js';
import { resolveSessionSettings, type SessionSettings } from '../cli/resolve-session-settings.js';
import {
  definitionsCacheFile,
  fingerprintBuiltInDefinitions,
  readCachedDefinitions,
  writeCachedDefinitions,
} from '../session/definitions-cache.js';
import { streamColors } from './command-context.js';

async function listDefinitions(
  settings: SessionSettings,
  env: NodeJS.ProcessEnv,
): Promise<{ definitions: readonly ToolDefinition[]; statusLines: readonly string[] }> {
  // Without MCP servers the surface is the built-in tools, whose definitions are module-scope
  // constants: served from a cache keyed by the packages' files, so no zod schema is built.
  const cacheFile = settings.mcpConfigFile === undefined ? definitionsCacheFile(env) : undefined;
  const fingerprint = cacheFile
    ? fingerprintBuiltInDefinitions(JSON.stringify(settings.config.tools ?? {}))
    : undefined;
  if (cacheFile && fingerprint) {
    const cached = readCachedDefinitions(cacheFile, fingerprint);
    if (cached) return { definitions: cached, statusLines: [] };
  }
  const { createSessionSurface } = await import('../session/create-session-surface.js');
  const session = await createSessionSurface({
    root: settings.root,
    config: settings.config,
    mode: settings.mode,
    ...(settings.mcpConfigFile ? { mcpConfigFile: settings.mcpConfigFile } : {}),
  });
  try {
    const definitions = session.surface.registry.list();
    if (cacheFile && fingerprint) writeCachedDefinitions(cacheFile, fingerprint, definitions);
    return { definitions, statusLines: session.mcp?.statusLines() ?? [] };
  } finally {
    await session.close();
  }
}

/** `toolgate tools [--json]`: the session's tool surface, as a table or as the definitions the model sees. */
export async function runToolsCommand(io: CliIo, options: CommonOptions, json: boolean): Promise<ExitCode> {
  const settings = await resolveSessionSettings(options, io.env, io.cwd);
  const { definitions, statusLines } = await listDefinitions(settings, io.env);
  if (json) {
    io.stdout.write(`${JSON.stringify(definitions, null, 2)}\n`);
    return EXIT_CODES.success;
  }
  const { renderToolsTable } = await import('../render/render-tools-table.js');
  const colors = streamColors(io);
  io.stdout.write(renderToolsTable(definitions, settings.mode, colors.stdout, io.stdout.columns ?? 120));
  for (const line of statusLines) io.stderr.write(`${colors.stderr.dim(line)}\n`);
  return EXIT_CODES.success;
}
