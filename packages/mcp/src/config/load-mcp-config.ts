import { readFile } from 'node:fs/promises';
import { InvalidOptionsError } from '@toolgate/core';
import type { McpConfig } from './mcp-config-schema.js';
import { parseMcpConfig } from './parse-mcp-config.js';

/** Options for {@link loadMcpConfig}. */
export interface LoadMcpConfigOptions {
  /** Variables for `${VAR}` expansion. @default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Reads and validates a `.mcp.json` file. Throws `InvalidOptionsError` (code `invalid_options`)
 * when the file is missing or unreadable, is not JSON, or fails validation; the message names the
 * file, and for validation errors each server and key.
 */
export async function loadMcpConfig(file: string, options: LoadMcpConfigOptions = {}): Promise<McpConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InvalidOptionsError(
      code === 'ENOENT'
        ? `MCP config ${file} does not exist.`
        : `MCP config ${file} could not be read: ${(error as Error).message}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidOptionsError(`MCP config ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseMcpConfig(value, { source: file, ...(options.env ? { env: options.env } : {}) });
}
