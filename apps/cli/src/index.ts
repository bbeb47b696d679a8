export {
  createTerminalApprover,
  type TerminalApproverOptions,
  unattendedRejectionNote,
} from './approval/create-terminal-approver.js';
export { APPROVAL_QUESTION, formatApprovalBlock } from './approval/format-approval-block.js';
export { parseApprovalAnswer } from './approval/parse-approval-answer.js';
export type { CliInput, CliIo, CliOutput } from './cli/cli-io.js';
export { EXIT_CODES, type ExitCode, type HandledSignal, SIGNAL_EXIT_CODES } from './cli/exit-codes.js';
export { type CliCommand, type CommonOptions, parseCliArguments } from './cli/parse-cli-arguments.js';
export { readCallArguments } from './cli/read-call-arguments.js';
export {
  invocationDirectory,
  MCP_CONFIG_FILE_NAME,
  resolveSessionSettings,
  type SessionSettings,
} from './cli/resolve-session-settings.js';
export { runCli } from './cli/run-cli.js';
export { UsageError } from './cli/usage-error.js';
export { USAGE_TEXT } from './cli/usage-text.js';
export { CONFIG_FILE_NAME, loadToolgateConfig } from './config/load-toolgate-config.js';
export { TOOLGATE_CONFIG_SCHEMA, type ToolgateConfig } from './config/toolgate-config-schema.js';
export { renderToolResult } from './render/render-tool-result.js';
export { renderToolsTable } from './render/render-tools-table.js';
export {
  createSessionSurface,
  type SessionSurface,
  type SessionSurfaceOptions,
} from './session/create-session-surface.js';
export type { SessionMcp } from './session/load-mcp-tools.js';
export {
  type ControllingTerminal,
  openControllingTerminal,
} from './terminal/controlling-terminal.js';
