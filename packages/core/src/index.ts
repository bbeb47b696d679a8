export { type ApprovalMemory, createApprovalMemory } from './approval/approval-memory.js';
export { APPROVAL_MODES, type ApprovalMode } from './approval/approval-mode.js';
export {
  APPROVAL_MODE_DESCRIPTIONS,
  type ApprovalModeDescription,
} from './approval/approval-mode-descriptions.js';
export {
  APPROVAL_MODE_ALIASES,
  describeApprovalModeNames,
  parseApprovalMode,
} from './approval/approval-mode-names.js';
export { type ApprovalRequest, buildApprovalRequest } from './approval/approval-request.js';
export type { ApprovalRules } from './approval/approval-rules.js';
export { isAtLeastAsStrict } from './approval/approval-strictness.js';
export type { ApprovalSummary, FileChangePreview } from './approval/approval-summary.js';
export {
  type ApprovalAnswer,
  type ApprovalAnswerKind,
  type ApprovalLastingAlways,
  type Approver,
  isApprovingAnswer,
} from './approval/approver.js';
export { editScope } from './approval/edit-scope.js';
export { previewFileChanges } from './approval/preview-file-changes.js';
export { type ApprovalSubject, approvalDecision, requiresApproval } from './approval/requires-approval.js';
export type { ApprovalDecision, DeclaredApprovalMode, ToolApproval } from './approval/tool-approval.js';
export { bindClient, type EditorClient } from './client/bind-client.js';
export type { ClientFiles, ClientFilesUse } from './client/client-files.js';
export type {
  ClientTerminal,
  ClientTerminalExit,
  ClientTerminalRequest,
  ClientTerminals,
} from './client/client-terminals.js';
export { standardDecorators } from './decorators/standard-decorators.js';
export type { ApprovalOptions } from './decorators/with-approval.js';
export { type ApprovalExplanation, withApprovalExplanation } from './decorators/with-approval-explanation.js';
export { InvalidOptionsError, ToolgateError } from './errors/toolgate-error.js';
export type { ApprovalDecisionEvent, ToolEvent, ToolEventListener } from './events/tool-event.js';
export { composeDecorators } from './executor/compose-decorators.js';
export { inProcessDecorator } from './executor/in-process-decorator.js';
export { restartInvocation } from './executor/invocation-stages.js';
export type { ToolDecorator } from './executor/tool-invocation.js';
export { integerOption } from './options/integer-option.js';
export type { AgentDefinition } from './policy/agent-definition.js';
export { matchToolPattern } from './policy/match-tool-pattern.js';
export { resolveToolPolicy } from './policy/resolve-tool-policy.js';
export { presentToolCall } from './presentation/present-tool-call.js';
export type {
  PlanStep,
  ToolCallPresentation,
  ToolDisplay,
  ToolPresentation,
} from './presentation/tool-presentation.js';
export { signalProcessGroup } from './process/signal-process-group.js';
export { describeSource } from './registry/describe-source.js';
export type { FileErrorCode, ToolErrorCode } from './result/error-codes.js';
export { serializeToolResult } from './result/serialize-tool-result.js';
export {
  type Outcome,
  type ToolFailure,
  type ToolFailureBuilder,
  type ToolRejection,
  type ToolResult,
  type ToolSuccess,
  toolFailure,
  toolRejection,
  toolSuccess,
} from './result/tool-result.js';
export type { OutputSpill, SpilledOutput, SpillRefusal, SpillWriter } from './spill/output-spill.js';
export { spillCapReachedNote, spilledOutputMarker } from './spill/spill-description.js';
export { type SpillTarget, spillText } from './spill/spill-text.js';
export { combineToolProviders, toToolProvider } from './surface/combine-tool-providers.js';
export { createToolSurface } from './surface/create-tool-surface.js';
export { mergeToolSurfaces } from './surface/merge-tool-surfaces.js';
export type { ToolProvider } from './surface/tool-provider.js';
export type { ToolSurface } from './surface/tool-surface.js';
export { clipText } from './text/clip-text.js';
export { findClosestMatch } from './text/closest-match.js';
export { escapeControlCharacters } from './text/escape-control-characters.js';
export { createUnifiedDiff } from './text/unified-diff.js';
export { BUILT_IN_TOOL_NAMES, isBuiltInToolName } from './tool/built-in-tool-names.js';
export { defineJsonSchemaTool } from './tool/define-json-schema-tool.js';
export { defineTool } from './tool/define-tool.js';
export { deriveInputCheck } from './tool/derive-input-check.js';
export { implementToolOnDemand } from './tool/implement-tool-on-demand.js';
export type { InputCheck, InputCheckField, InputCheckOption } from './tool/input-check.js';
export { type QuotingFailure, quotingFailure } from './tool/quoting-failure.js';
export {
  type AnyTool,
  type DirectToolImplementation,
  implementTool,
  type PlannedToolImplementation,
  type PrepareResult,
  type Tool,
  type ToolCallContext,
} from './tool/tool.js';
export type { ToolCall } from './tool/tool-call.js';
export type { JsonSchemaObject, ToolAnnotations, ToolDefinition, ToolKind } from './tool/tool-definition.js';
export { isValidToolName, TOOL_NAME_PATTERN } from './tool/tool-name.js';
export type { ToolSpec } from './tool/tool-spec.js';
export { validateJsonSchemaArguments } from './tool/validate-json-schema-arguments.js';
export { valueAtPath } from './tool/value-at-path.js';
export { settleCommits } from './workspace/commits-in-flight.js';
export { createWorkspace, type WorkspaceOptions } from './workspace/create-workspace.js';
export { type FileCallDriver, fileCallDriver, setFileCallDriver } from './workspace/file-calls.js';
export type { LockStamp } from './workspace/path-locks.js';
export type { ReadPolicy, ReadPolicyQuery } from './workspace/read-policy.js';
export { type RegularFileRead, readRegularFile } from './workspace/read-regular-file.js';
export { resolveRealPath } from './workspace/resolve-real-path.js';
export {
  createSecretMatcher,
  DEFAULT_SECRET_PATTERNS,
  type SecretMatcher,
} from './workspace/secret-patterns.js';
export type { ResolvedPath, Workspace } from './workspace/workspace.js';
