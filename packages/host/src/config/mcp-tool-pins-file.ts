import { join } from 'node:path';
import { toolgateStateDirectory } from './toolgate-state-directory.js';

/**
 * The file the tool definitions of MCP servers are pinned in (`mcp-tool-pins.json` in the user's
 * state directory, mode 0600): a definition that later differs asks before every call until
 * `toolgate mcp trust <server>`.
 */
export function mcpToolPinsFile(env: NodeJS.ProcessEnv): string {
  return join(toolgateStateDirectory(env), 'mcp-tool-pins.json');
}
