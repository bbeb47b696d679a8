import type { ToolResult } from '../result/tool-result.js';
import type { ToolCall } from '../tool/tool-call.js';

/** Per-call options a host passes to an executor. */
export interface ToolExecuteOptions {
  /** Cancels the call. @default a signal that never aborts */
  readonly signal?: AbortSignal;
  /** Opaque session data handed to tools through their context. */
  readonly session?: unknown;
}

/** The execution surface: runs calls by exact name. Never throws for model input. */
export interface ToolExecutor {
  /** Runs one call to completion. */
  execute(call: ToolCall, options?: ToolExecuteOptions): Promise<ToolResult>;
  /** True when this executor has a route for `name`. */
  canExecute(name: string): boolean;
}
