export { AgentDefinitionError } from './agents/agent-definition-error.js';
export { checkpointExclusion } from './checkpoints/checkpoint-exclusion.js';
export {
  openSessionCheckpoints,
  type SessionCheckpointsOptions,
} from './checkpoints/open-session-checkpoints.js';
export { ConfigError } from './config/config-error.js';
export { describeManagedPolicy } from './config/describe-managed-policy.js';
export { inspectWorkspaceConfig } from './config/inspect-workspace-config.js';
export { loadUserConfig } from './config/load-session-config.js';
export { mcpTokenFile } from './config/mcp-token-file.js';
export { mcpToolPinsFile } from './config/mcp-tool-pins-file.js';
export type { ManagedMcpServer, ManagedPolicy } from './config/managed-policy.js';
export {
  type ResolveSessionSettingsOptions,
  resolveSessionSettings,
  type SessionSettings,
} from './config/resolve-session-settings.js';
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
export type {
  AgentHostSession,
  HostPurpose,
  HostSession,
  HostSessionClosed,
  HostSessionOptions,
  ToolHostSession,
} from './session/host-session.js';
export { openHostSession } from './session/open-host-session.js';
export { sessionDirectory } from './session-store/session-directory.js';
export type { ToolModuleContext, ToolModuleFactory, ToolModuleTools } from './tool-modules/tool-module.js';
