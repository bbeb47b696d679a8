/** `toolgate --help`. */
export const USAGE_TEXT = `Usage:
  toolgate tools [--json]                  the session's tool surface
  toolgate call <tool> [ARGS] [--json]     run one tool call through the full chain
  toolgate mcp                             serve the gated surface over MCP on stdio

ARGS is one JSON object; "-" or no argument reads it from stdin.

Options:
  --cwd DIR                  workspace root (default .)
  --approval MODE            manual | safe | auto (default: $TOOLGATE_APPROVAL, the config file, else safe)
  --config FILE              config file (default <cwd>/toolgate.config.json when present)
  --mcp-config FILE          MCP servers (default <cwd>/.mcp.json when present)
  --no-mcp                   ignore MCP servers
  --json                     machine-readable output (tools, call)
  -h, --help                 show this help
  --version                  print the version

Exit status: 0 success, 1 tool failure, 2 usage or configuration error, 3 rejected,
130 / 143 / 129 interrupted by SIGINT / SIGTERM / SIGHUP.
`;
