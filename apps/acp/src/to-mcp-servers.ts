import { type McpServer, RequestError } from '@agentclientprotocol/sdk';
import type { McpServerConfig, McpServersConfig } from '@toolgate/mcp';

function invalid(message: string): RequestError {
  return RequestError.invalidParams(undefined, message);
}

function toConfig(server: McpServer, index: number): McpServerConfig {
  if ('type' in server) {
    if (!URL.canParse(server.url) || !/^https?:$/.test(new URL(server.url).protocol))
      throw invalid(
        `mcpServers[${index}].url: expected an http:// or https:// URL, got ${JSON.stringify(server.url)}.`,
      );
    return {
      type: server.type,
      url: server.url,
      headers: Object.fromEntries(server.headers.map((header) => [header.name, header.value])),
      disabled: false,
    };
  }
  if (server.command.trim() === '') throw invalid(`mcpServers[${index}].command: must not be empty.`);
  return {
    type: 'stdio',
    command: server.command,
    args: [...server.args],
    env: Object.fromEntries(server.env.map((variable) => [variable.name, variable.value])),
    disabled: false,
  };
}

/**
 * The MCP servers of a `session/new` request as `@toolgate/mcp` servers by name. The client's
 * values are used as given (no `${VAR}` expansion: the editor already resolved them). Throws an
 * invalid-params error for an empty or repeated name, an empty command or a URL that is not http(s).
 */
export function toMcpServers(servers: readonly McpServer[]): McpServersConfig {
  const result: Record<string, McpServerConfig> = {};
  servers.forEach((server, index) => {
    const name = server.name.trim();
    if (name === '') throw invalid(`mcpServers[${index}].name: must not be empty.`);
    if (Object.hasOwn(result, name))
      throw invalid(
        `mcpServers[${index}].name: ${JSON.stringify(name)} is given twice; each server needs its own name.`,
      );
    result[name] = toConfig(server, index);
  });
  return result;
}
