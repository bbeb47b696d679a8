import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig } from '../config/mcp-config-schema.js';

/**
 * Where the definitions of trusted servers' tools are pinned: by server identity (its URL, or its
 * command line and directory), each tool's digest by the server's own tool name.
 */
export interface McpToolPins {
  /** Every server's pins, read once when the tools are created. */
  read(): Promise<Readonly<Record<string, Readonly<Record<string, string>>>>>;
  /** Replaces one server's pins. */
  write(server: string, digests: Readonly<Record<string, string>>): Promise<void>;
  /** Forgets one server's pins (the next listing is pinned again); resolves to whether there were any. */
  forget(server: string): Promise<boolean>;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** The digest of what a model and approval read of a tool: title, description, schema, annotations. */
export function toolDigest(tool: McpTool): string {
  const seen = {
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: tool.annotations,
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(seen)))
    .digest('hex');
}

/** The identity pins are kept under: what the server is, not what a config calls it. */
export function pinKey(config: McpServerConfig, cwd: string): string {
  if (config.type !== 'stdio') {
    const url = new URL(config.url);
    url.hash = '';
    return url.href;
  }
  return JSON.stringify([resolve(cwd, config.cwd ?? '.'), config.command, ...config.args]);
}
