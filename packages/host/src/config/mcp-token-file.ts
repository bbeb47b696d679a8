import { join } from 'node:path';
import { toolgateStateDirectory } from './toolgate-state-directory.js';

/**
 * The file OAuth clients and tokens of remote MCP servers live in: `mcp-tokens.json` in the
 * user's state directory (never a workspace), mode 0600, keyed by server URL.
 */
export function mcpTokenFile(env: NodeJS.ProcessEnv): string {
  return join(toolgateStateDirectory(env), 'mcp-tokens.json');
}
