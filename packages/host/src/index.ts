export { AgentDefinitionError } from './agents/agent-definition-error.js';
export { checkpointExclusion } from './checkpoints/checkpoint-exclusion.js';
export {
  openSessionCheckpoints,
  type SessionCheckpointsOptions,
} from './checkpoints/open-session-checkpoints.js';
export { commandsBesideBuiltIns, promptCommandOfLine } from './commands/build-command-catalog.js';
export { expandPromptCommand } from './commands/expand-prompt-command.js';
export type {
  CommandCatalog,
  CommandProblem,
  CommandScope,
  PromptCommand,
  ShadowedCommand,
} from './commands/prompt-command.js';
export { enableUserCompileCache } from './compile-cache/enable-user-compile-cache.js';
export { ConfigError } from './config/config-error.js';
export { describeManagedPolicy } from './config/describe-managed-policy.js';
export { inspectWorkspaceConfig } from './config/inspect-workspace-config.js';
export { loadUserConfig } from './config/load-session-config.js';
export type { ManagedMcpServer, ManagedPolicy } from './config/managed-policy.js';
export { mcpTokenFile } from './config/mcp-token-file.js';
export { mcpToolPinsFile } from './config/mcp-tool-pins-file.js';
export {
  type ResolveSessionSettingsOptions,
  resolveSessionSettings,
  type SessionSettings,
} from './config/resolve-session-settings.js';
export { toolgateStateDirectory } from './config/toolgate-state-directory.js';
export { userConfigFile } from './config/user-config-file.js';
export { checkWorkspaceTrust, describeDistrust } from './config/workspace-trust.js';
export { writeUserConfig } from './config/write-user-config.js';
export { type CheckMachineOptions, checkMachine } from './doctor/check-machine.js';
export type { MachineCheck } from './doctor/machine-check.js';
export { ModelConfigError } from './model/model-config-error.js';
export type { SessionPermissions } from './permissions/create-lasting-always.js';
export {
  type ListedPermissionRule,
  listPermissionRules,
  type PermissionRuleScope,
  type PermissionRulesInForce,
} from './permissions/list-permission-rules.js';
export { revokePermissionRule } from './permissions/revoke-permission-rule.js';
export { readPolicyOfRules } from './rules/read-policy-of-rules.js';
export { SandboxRequiredError } from './sandbox/sandbox-required-error.js';
export { type ApprovalModeState, createApprovalModeState } from './session/approval-mode-state.js';
export { describeSessionStatus, type SessionStatusLine } from './session/describe-session-status.js';
export type {
  AgentHostSession,
  HostPurpose,
  HostSession,
  HostSessionClosed,
  HostSessionOptions,
  RewindOutcome,
  SessionStoreOptions,
  StoredSessionHandle,
  ToolHostSession,
} from './session/host-session.js';
export { openHostSession } from './session/open-host-session.js';
export type { StoredConversation } from './session-store/replay-session-log.js';
export { resumeMismatch } from './session-store/resume-mismatch.js';
export {
  type RewindStoredSessionOptions,
  rewindStoredSession,
  type StoredRewind,
} from './session-store/rewind-stored-session.js';
export { sessionDirectory } from './session-store/session-directory.js';
export type {
  CompactionRecord,
  RewindRecord,
  RewindScope,
  SessionHeaderRecord,
  SessionRecord,
  StoredCall,
  TurnRecord,
  TurnStartRecord,
} from './session-store/session-record.js';
export {
  openSessionStore,
  type SessionRetention,
  type SessionStore,
  type StoredSession,
  type StoredSessionSummary,
} from './session-store/session-store.js';
export { SessionStoreError } from './session-store/session-store-error.js';
export type { ToolModuleContext, ToolModuleFactory, ToolModuleTools } from './tool-modules/tool-module.js';
