import type { ToolErrorCode } from './error-codes.js';

/** A tool's own failure: data for the model, never an exception. */
export interface ToolError {
  /** snake_case code, see {@link ToolErrorCode}. */
  readonly code: ToolErrorCode;
  /** Written for the model: what was wrong and how to fix the call. */
  readonly message: string;
  /** Machine-readable extras (closest match, candidates, …). */
  readonly details?: unknown;
}

/** The call ran and produced `output`. */
export interface ToolSuccess<Output = unknown> {
  readonly status: 'success';
  readonly output: Output;
}

/** The tool could not do what was asked. */
export interface ToolFailure {
  readonly status: 'failure';
  readonly error: ToolError;
}

/** Something other than the tool refused the call; the tool did not run. */
export interface ToolRejection {
  readonly status: 'rejected';
  /** Who refused it: the person (or the lack of one), the session's policy, a rule, a hook. */
  readonly by: 'approval' | 'policy' | 'rule' | 'hook';
  /** Why, as a sentence: `The user declined: rm -rf build`. */
  readonly reason: string;
  /** Text the person gave the model with a rejection ("use pnpm, not npm"). */
  readonly feedback?: string;
}

/** The typed result of every tool call. Control flow reads `status`, never text. */
export type ToolResult<Output = unknown> = ToolSuccess<Output> | ToolFailure | ToolRejection;

/** Builds a success result. */
export function toolSuccess<Output>(output: Output): ToolSuccess<Output> {
  return { status: 'success', output };
}

/** Builds a failure result. `details` is left out when undefined. */
export function toolFailure(code: ToolErrorCode, message: string, details?: unknown): ToolFailure {
  return details === undefined
    ? { status: 'failure', error: { code, message } }
    : { status: 'failure', error: { code, message, details } };
}

/** Builds a rejection result; `feedback` is left out when undefined or blank. */
export function toolRejection(by: ToolRejection['by'], reason: string, feedback?: string): ToolRejection {
  return feedback === undefined || feedback.trim() === ''
    ? { status: 'rejected', by, reason }
    : { status: 'rejected', by, reason, feedback };
}

/** True for a failure result. */
export function isToolFailure(result: ToolResult): result is ToolFailure {
  return result.status === 'failure';
}
