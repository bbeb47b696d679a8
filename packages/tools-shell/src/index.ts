export { BASH_DESCRIPTION, BASH_TIMEOUT_HINT } from './bash/bash-description.js';
export {
  BASH_ACTIONS,
  BASH_INPUT_SCHEMA,
  type BashAction,
  type BashExecResult,
  type BashInput,
  type BashOutput,
  type BashProcessInfo,
  type BashProcessLogChunk,
  type BashProcessStatus,
  type BashWriteResult,
  type ExecutionEnvironment,
  MAX_BASH_INPUT_CHARS,
  MAX_BASH_TIMEOUT_MS,
} from './bash/bash-schema.js';
export { BASH_SPEC } from './bash/bash-spec.js';
export { createShellTools, type ShellTools, type ShellToolsOptions } from './create-shell-tools.js';
export {
  createShellEnvironment,
  DEFAULT_DROPPED_ENVIRONMENT,
  type ShellEnvironmentOptions,
} from './environment/shell-environment.js';
export {
  createLocalShellExecutor,
  type LocalShellExecutorOptions,
} from './executor/local-shell-executor.js';
export {
  isLocalSandbox,
  type LocalSandboxSession,
  type SandboxCommand,
  type SandboxCommandResult,
  type SandboxLaunchRequest,
  type SandboxProcess,
  type SandboxProcessEnd,
  type SandboxProcessRequest,
  type SandboxSession,
} from './executor/sandbox-session.js';
export {
  createSandboxShellExecutor,
  type SandboxShellExecutorOptions,
} from './executor/sandbox-shell-executor.js';
export type { ShellCommandExecutor, ShellCommandRequest } from './executor/shell-command-executor.js';
export type { ShellInvocation } from './executor/shell-invocation.js';
export { DEFAULT_MAX_OUTPUT_BYTES } from './internal/shell-options.js';
export {
  createProcessRegistry,
  type LocalProcessStartRequest,
  type ProcessRegistry,
  type ProcessRegistryOptions,
  type ProcessStartRequest,
  type SandboxedProcessStartRequest,
} from './process/process-registry.js';
export { PROCESS_SNAPSHOT_SCHEMA, type ProcessSnapshot } from './process/process-snapshot.js';
export type { ShellErrorCode } from './shell-error-code.js';
