export { AgentDefinitionError } from './agents/agent-definition-error.js';
export {
  AGENT_DEFINITION_SCHEMA,
  type AgentDefinitionConfig,
} from './agents/agent-definition-schema.js';
export {
  AGENT_FILES_DIRECTORY,
  type AgentFileDefinition,
  loadAgentFiles,
} from './agents/load-agent-files.js';
export {
  type ResolveAgentDefinitionsOptions,
  resolveAgentDefinitions,
} from './agents/resolve-agent-definitions.js';
export type { AuditRecord } from './audit/audit-record.js';
export {
  type AuditedEvent,
  type AuditLog,
  type AuditLogOptions,
  createAuditLog,
} from './audit/create-audit-log.js';
export { ConfigError } from './config/config-error.js';
export { digestWorkspaceConfig } from './config/digest-workspace-config.js';
export {
  type LoadSessionConfigOptions,
  loadSessionConfig,
  loadUserConfig,
  type SessionConfig,
} from './config/load-session-config.js';
export { CONFIG_FILE_NAME, loadToolgateConfig } from './config/load-toolgate-config.js';
export {
  MCP_CONFIG_FILE_NAME,
  type ResolveSessionSettingsOptions,
  resolveSessionSettings,
  type SessionSettings,
} from './config/resolve-session-settings.js';
export { TOOLGATE_CONFIG_SCHEMA, type ToolgateConfig } from './config/toolgate-config-schema.js';
export { toolgateStateDirectory } from './config/toolgate-state-directory.js';
export { userConfigFile } from './config/user-config-file.js';
export { type TrustedWorkspace, USER_CONFIG_SCHEMA, type UserConfig } from './config/user-config-schema.js';
export {
  checkWorkspaceTrust,
  describeDistrust,
  trustCommandFor,
  type WorkspaceTrust,
} from './config/workspace-trust.js';
export { writeUserConfig } from './config/write-user-config.js';
export { DEFAULT_HOOK_TIMEOUT_MS, type HookCommand, type HookSettings } from './hooks/hook-settings.js';
export { hookSettingsOfConfig } from './hooks/hook-settings-of-config.js';
export { type HooksOptions, withHooks } from './hooks/with-hooks.js';
export { ModelConfigError } from './model/model-config-error.js';
export {
  MODEL_PROVIDERS,
  type ModelProviderName,
  type ModelSpec,
  parseModelSpec,
} from './model/parse-model-spec.js';
export { type SelectedModel, type SelectModelOptions, selectModel } from './model/select-model.js';
export {
  type LayeredPermissionRules,
  layerPermissionRules,
  type PermissionLayer,
} from './rules/layer-permission-rules.js';
export {
  type PermissionRulesApprovalOptions,
  permissionRulesApproval,
} from './rules/permission-rules-approval.js';
export { readPolicyOfRules } from './rules/read-policy-of-rules.js';
export {
  openSessionSandbox,
  type SessionSandboxContext,
  type SessionSandboxSettings,
} from './sandbox/open-session-sandbox.js';
export { SandboxRequiredError } from './sandbox/sandbox-required-error.js';
export {
  type AgentToolsFactoryOptions,
  createAgentToolsFactory,
} from './session/create-agent-tools-factory.js';
export {
  type BuiltInTools,
  type BuiltInToolsContext,
  createBuiltInTools,
} from './session/create-built-in-tools.js';
export { createSessionAgent, type SessionAgentOptions } from './session/create-session-agent.js';
export {
  createSessionSurface,
  type SessionSurface,
  type SessionSurfaceOptions,
} from './session/create-session-surface.js';
export {
  createSessionTools,
  type SessionToolSet,
  type SessionToolsOptions,
} from './session/create-session-tools.js';
export { type LoadMcpToolsOptions, loadMcpTools, type SessionMcp } from './session/load-mcp-tools.js';
export {
  type CallOversight,
  type CallOversightOptions,
  openCallOversight,
} from './session/open-call-oversight.js';
export type { ToolModuleContext, ToolModuleFactory, ToolModuleTools } from './tool-modules/tool-module.js';
