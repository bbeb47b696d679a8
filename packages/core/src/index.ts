export {
  type ApprovalMemory,
  createApprovalMemory,
  type RememberedDecision,
} from './approval/approval-memory.js';
export { APPROVAL_MODES, type ApprovalMode, parseApprovalMode } from './approval/approval-mode.js';
export { type ApprovalRequest, buildApprovalRequest } from './approval/approval-request.js';
export type { ApprovalRules, ApprovalRuleVerdict } from './approval/approval-rules.js';
export type { ApprovalRemember, ApprovalSummary, FileChangePreview } from './approval/approval-summary.js';
export {
  type ApprovalAnswer,
  type ApprovalAnswerKind,
  type ApprovalRejectionWithFeedback,
  type Approver,
  isApprovingAnswer,
} from './approval/approver.js';
export {
  type ApprovalDecisionOptions,
  type ApprovalDecisionTrace,
  decideApproval,
} from './approval/decide-approval.js';
export { editScope } from './approval/edit-scope.js';
export {
  type FileContent,
  MAX_PREVIEW_FILE_BYTES,
  previewFileChanges,
} from './approval/preview-file-changes.js';
export { type ApprovalSubject, requiresApproval } from './approval/requires-approval.js';
export type { ApprovalDecision, ApprovalRule, ToolApproval } from './approval/tool-approval.js';
export { type StandardDecoratorOptions, standardDecorators } from './decorators/standard-decorators.js';
export { type ApprovalOptions, withApproval } from './decorators/with-approval.js';
export { type ApprovalExplanation, withApprovalExplanation } from './decorators/with-approval-explanation.js';
export { withEvents } from './decorators/with-events.js';
export { withPreflight } from './decorators/with-preflight.js';
export { withValidation } from './decorators/with-validation.js';
export {
  DuplicateToolError,
  InvalidOptionsError,
  SurfaceConstructionError,
  ToolgateError,
} from './errors/toolgate-error.js';
export type { ApprovalDecisionEvent, ToolEvent, ToolEventListener } from './events/tool-event.js';
export { composeDecorators } from './executor/compose-decorators.js';
export type { ToolExecuteOptions, ToolExecutor } from './executor/tool-executor.js';
export type { ToolDecorator, ToolInvocation } from './executor/tool-invocation.js';
export { type IntegerRange, integerOption } from './options/integer-option.js';
export type { AgentDefinition, IsolationMode } from './policy/agent-definition.js';
export { matchToolPattern } from './policy/match-tool-pattern.js';
export { resolveToolPolicy } from './policy/resolve-tool-policy.js';
export { presentToolCall } from './presentation/present-tool-call.js';
export type {
  ToolCallPresentation,
  ToolDisplay,
  ToolPresentation,
} from './presentation/tool-presentation.js';
export { signalProcessGroup } from './process/signal-process-group.js';
export { createCompositeRegistry } from './registry/create-composite-registry.js';
export { createStaticRegistry } from './registry/create-static-registry.js';
export { describeSource } from './registry/describe-source.js';
export type { ToolRegistry } from './registry/tool-registry.js';
export type {
  CallErrorCode,
  CoreErrorCode,
  FileErrorCode,
  IoFailureCode,
  PathErrorCode,
  ToolErrorCode,
} from './result/error-codes.js';
export { serializeToolResult } from './result/serialize-tool-result.js';
export {
  type Outcome,
  type ToolError,
  type ToolFailure,
  type ToolFailureBuilder,
  type ToolRejection,
  type ToolResult,
  type ToolSuccess,
  toolFailure,
  toolRejection,
  toolSuccess,
} from './result/tool-result.js';
export { combineToolProviders, toToolProvider } from './surface/combine-tool-providers.js';
export { type CreateToolSurfaceOptions, createToolSurface } from './surface/create-tool-surface.js';
export { mergeToolSurfaces } from './surface/merge-tool-surfaces.js';
export { toToolSurface } from './surface/to-tool-surface.js';
export type { ToolProvider } from './surface/tool-provider.js';
export type { ToolSurface } from './surface/tool-surface.js';
export { clipText } from './text/clip-text.js';
export { findClosestMatch, findClosestMatches } from './text/closest-match.js';
export { escapeControlCharacters } from './text/escape-control-characters.js';
export { createUnifiedDiff, type UnifiedDiffOptions, unifiedDiffHeader } from './text/unified-diff.js';
export { BUILT_IN_TOOL_NAMES, type BuiltInToolName, isBuiltInToolName } from './tool/built-in-tool-names.js';
export { type DefineJsonSchemaToolOptions, defineJsonSchemaTool } from './tool/define-json-schema-tool.js';
export { type DefineToolOptions, defineTool } from './tool/define-tool.js';
export { implementToolOnDemand } from './tool/implement-tool-on-demand.js';
export { lenientInteger } from './tool/lenient-integer.js';
export { type QuotingFailure, quotingFailure } from './tool/quoting-failure.js';
export {
  type AnyTool,
  type DirectToolImplementation,
  implementTool,
  type PlannedToolImplementation,
  type PreparedCall,
  type PrepareResult,
  type Tool,
  type ToolCallContext,
  type ToolExecuteContext,
} from './tool/tool.js';
export type { ToolCall } from './tool/tool-call.js';
export type {
  JsonSchemaObject,
  ToolAnnotations,
  ToolDefinition,
  ToolKind,
  ToolSource,
} from './tool/tool-definition.js';
export { isValidToolName, TOOL_NAME_PATTERN } from './tool/tool-name.js';
export type { ArgumentsParseResult, ToolSpec } from './tool/tool-spec.js';
export { validateJsonSchemaArguments } from './tool/validate-json-schema-arguments.js';
export { valueAtPath } from './tool/value-at-path.js';
export { type AppendFileOptions, type AppendFileResult, appendFile } from './workspace/append-file.js';
export { settleCommits, trackCommit } from './workspace/commits-in-flight.js';
export { createFileExclusive } from './workspace/create-file-exclusive.js';
export {
  createWorkspace,
  DEFAULT_EXCLUDED_PATHS,
  DEFAULT_PROTECTED_PATHS,
  type WorkspaceOptions,
} from './workspace/create-workspace.js';
export { ioFailure } from './workspace/io-failure.js';
export {
  isPathChangedError,
  type PinDirectoryOptions,
  type PinnedDirectory,
  pinDirectory,
} from './workspace/pin-directory.js';
export { createSymlink, removeEmptyDirectory, removeFile } from './workspace/pinned-entry-operations.js';
export type { ReadPolicy, ReadPolicyQuery, ReadPolicyRefusal } from './workspace/read-policy.js';
export {
  type ReadRegularFileOptions,
  type RegularFileRead,
  readRegularFile,
} from './workspace/read-regular-file.js';
export { type RealPath, resolveRealPath } from './workspace/resolve-real-path.js';
export {
  createSecretMatcher,
  DEFAULT_SECRET_PATTERNS,
  type SecretMatcher,
} from './workspace/secret-patterns.js';
export { statIfExists } from './workspace/stat-if-exists.js';
export { TEMPORARY_SUFFIX } from './workspace/temporary-name.js';
export type { ResolvedPath, Workspace } from './workspace/workspace.js';
export { type WriteFailureCode, writeFailure } from './workspace/write-failure.js';
export { type WriteFileAtomicOptions, writeFileAtomic } from './workspace/write-file-atomic.js';
