/**
 * The starter config `toolgate init` writes into the user's config file, and prints with a comment
 * on each key (the file itself is JSON, which has no comments).
 */
export const STARTER_CONFIG = {
  approval: 'safe',
  sandbox: { mode: 'workspace-write', network: false },
  permissions: {
    allow: ['bash(git status)', 'bash(git diff:*)', 'bash(git log:*)', 'bash(ls:*)'],
    ask: ['bash(git push:*)'],
    deny: ['bash(git push --force:*)'],
  },
} as const;

/** The starter config with what each key does, for reading (not a file toolgate reads). */
export const STARTER_CONFIG_COMMENTED = `{
  // manual asks about every call; safe (this) asks about what can change things (bash, apply_patch,
  // MCP tools not annotated read-only); auto asks nothing. Flag: --approval. Env: TOOLGATE_APPROVAL.
  "approval": "safe",
  // Where bash runs: read-only, workspace-write (this: the workspace is writable, the rest of the
  // machine is not, secrets are masked) or danger-full-access. network: false cuts it off.
  "sandbox": { "mode": "workspace-write", "network": false },
  // Rules decide before the mode: deny refuses, ask asks even in auto, allow runs unasked. Bash
  // rules match each simple command of a line as the analyzer parses it ("git diff:*" is git diff
  // with any arguments); Read(path/**) denies reading paths to every tool.
  "permissions": {
    "allow": ["bash(git status)", "bash(git diff:*)", "bash(git log:*)", "bash(ls:*)"],
    "ask": ["bash(git push:*)"],
    "deny": ["bash(git push --force:*)"]
  }
  // Also: "model": "openai-compatible:qwen3" with "baseURL": "http://localhost:11434/v1" (or
  // openai:…, anthropic:…, replay:FILE), "audit": "/path/audit.jsonl", "hooks", "tools", "secrets".
  // Every key: docs/configuration.md.
}
`;
