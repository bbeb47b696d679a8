/** `toolgate --help`. */
export const USAGE_TEXT = `Usage:
  toolgate tools [--json]                  the session's tool surface
  toolgate tools <tool> [--json]           one tool: its description and arguments
  toolgate call <tool> [ARGS] [--json]     run one tool call through the full chain
  toolgate call <tool> [ARGS] --explain    how approval would decide the call (the permission rule
                                           and its file, or the mode row); nothing runs
  toolgate run "<prompt>" [--json]         one agent turn in the workspace ("-" reads the prompt from stdin)
  toolgate run --continue | --resume ID | --fork ID "<prompt>"
                                           go on with the workspace's last session, a stored one,
                                           or a copy of one (the model gets the earlier turns)
  toolgate commands [--json]               the prompt commands of files (/name in the interactive agent,
                                           run "/name args", ACP), each with its source file
  toolgate sessions [list | show ID | rm ID] [--json]
                                           the stored sessions ($XDG_STATE_HOME/toolgate/sessions)
  toolgate rewind [--session ID] [--to TURN] [--conversation | --code | --both] [--force]
                                           cut a session (default: the workspace's last) back to
                                           before turn TURN (default: its last); --code restores
                                           the files from its checkpoints, --both does both
  toolgate mcp                             serve the gated surface over MCP on stdio
  toolgate mcp --http [HOST:]PORT          the same over Streamable HTTP (loopback; bearer token from
                                           $TOOLGATE_MCP_TOKEN or printed; see docs/clients.md)
  toolgate mcp login|logout|status <srv>   OAuth login to a remote server of the MCP config
  toolgate mcp trust <srv>                 accept a server's changed tool definitions
  toolgate trust [--list | --revoke]       trust the workspace's own config (toolgate.config.json,
                                           .mcp.json, .toolgate/, .claude/commands) as it is now;
                                           list; forget
  toolgate permissions [--revoke N]        the permission rules in force here, numbered, with their
                                           file and scope; remove rule N from your config file
  toolgate doctor                          check and explain this machine and workspace: Node, sandbox,
                                           ripgrep, container engine, model settings, trust, files
  toolgate init [--print]                  write a starter config into your config file (never over one;
                                           --print only shows it, with what each key does)
  toolgate [--continue | --resume ID | --fork ID]
                                           the interactive agent (on a terminal)

ARGS is one JSON object; "-" or no argument reads it from stdin.

Options:
  --cwd DIR                  workspace root (default .)
  --approval MODE            manual | safe | auto | plan | accept-edits | dont-ask (or acceptEdits,
                             dontAsk, bypassPermissions); default: $TOOLGATE_APPROVAL, the config
                             file, else safe
  --config FILE              config file (default <cwd>/toolgate.config.json when present; until
                             the workspace is trusted it may only tighten the user's config,
                             $XDG_CONFIG_HOME/toolgate/config.json)
  --mcp-config FILE          MCP servers (default <cwd>/.mcp.json when present and trusted)
  --no-mcp                   ignore MCP servers
  --sandbox MODE             read-only | workspace-write | danger-full-access for bash (default: the
                             config file, else workspace-write when bubblewrap works here)
  --sandbox-provider NAME    bwrap | container: where the sandbox is (default: the config's
                             sandbox.provider, else bwrap; container needs sandbox.image)
  --audit FILE               append one JSON line per decided call to FILE (default: the config's
                             audit key)
  --json                     machine-readable output (tools, call; run: JSON Lines, one per event)
  --model PROVIDER:MODEL     run: openai:…, anthropic:…, openai-compatible:… (default $TOOLGATE_MODEL)
  --base-url URL             run: the provider's base URL, required for openai-compatible
                             (default $TOOLGATE_BASE_URL; Ollama: http://localhost:11434/v1)
  --max-steps N              run: model requests per turn (default 50)
  --verbose                  run: show each changed file's diff under its tool line
  -h, --help                 show this help
  --version                  print the version

Keys: OPENAI_API_KEY, ANTHROPIC_API_KEY, else TOOLGATE_API_KEY.

Exit status: 0 success, 1 tool failure (run: model error, max steps, other stops), 2 usage or
configuration error, 3 rejected (run: blocked by approval or policy, or a call
refused by the mode), 130 / 143 / 129 interrupted
by SIGINT / SIGTERM / SIGHUP.
`;
