import { type ToolFailure, toolFailure } from './tool-result.js';

/** A thrown error turned into a result, so a buggy tool or decorator never crashes the host. */
export function internalErrorFailure(toolName: string, error: unknown): ToolFailure {
  const message = error instanceof Error ? error.message || error.name : String(error);
  return toolFailure('internal_error', `${toolName} failed unexpectedly: ${message}`);
}
