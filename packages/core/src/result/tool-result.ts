import type { FileChangePreview } from '../approval/approval-summary.js';
import type { ToolDisplay } from '../presentation/tool-presentation.js';
import type { ToolErrorCode } from './error-codes.js';

/** A tool's own failure: data for the model, never an exception. */
export interface ToolError<Code extends string = ToolErrorCode> {
  /** snake_case code: core's ({@link ToolErrorCode}) or one of the tool package's own union. */
  readonly code: Code;
  /** Written for the model: what was wrong and how to fix the call. */
  readonly message: string;
  /** Machine-readable extras (closest match, candidates, …). */
  readonly details?: unknown;
}

/** The call ran and produced `output`. */
export interface ToolSuccess<Output = unknown> {
  readonly status: 'success';
  readonly output: Output;
  /**
   * For people, never sent to the model: a summary line and the output as a person reads it. The
   * surface sets it from the tool's `presentation.result` unless the tool set it itself.
   */
  readonly display?: ToolDisplay;
  /**
   * The files the call changed, whole, as its preflight planned them: the previews approval
   * showed (`ApprovalSummary.files`), set by the surface, so a host shows diffs without reading
   * the files again. Absent when the tool planned none or one could not be shown as text.
   */
  readonly changes?: readonly FileChangePreview[];
}

/**
 * The tool could not do what was asked. `Code` narrows the code to a package's own union
 * (`ToolFailure<FsErrorCode>`); every narrowed failure is also a plain `ToolFailure`.
 */
export interface ToolFailure<Code extends string = ToolErrorCode> {
  readonly status: 'failure';
  readonly error: ToolError<Code>;
}

/** Something other than the tool refused the call; the tool did not run. */
export interface ToolRejection {
  readonly status: 'rejected';
  /**
   * Who refused it: the person (or the lack of one), the approval mode itself (plan's writes,
   * dont-ask's questions: the model reads why and goes on), the session's policy, a rule, a hook.
   */
  readonly by: 'approval' | 'mode' | 'policy' | 'rule' | 'hook';
  /** Why, as a sentence: `The user declined: rm -rf build`. */
  readonly reason: string;
  /** Text the person gave the model with a rejection ("use pnpm, not npm"). */
  readonly feedback?: string;
}

/**
 * A value or a tool's failure: what the steps inside a tool (resolve a path, plan a change, run a
 * command) return. It is a {@link ToolResult} without the rejection, so a step's outcome can be
 * returned as the call's result as it is.
 */
export type Outcome<Value, Code extends string = ToolErrorCode> = ToolSuccess<Value> | ToolFailure<Code>;

/** The typed result of every tool call. Control flow reads `status`, never text. */
export type ToolResult<Output = unknown> = ToolSuccess<Output> | ToolFailure | ToolRejection;

/** Builds a success result. */
export function toolSuccess<Output>(output: Output): ToolSuccess<Output> {
  return { status: 'success', output };
}

/**
 * Builds a failure result. `details` is left out when undefined. A tool package fails through a
 * {@link ToolFailureBuilder} typed by its own code union, so a misspelt code does not compile.
 */
export function toolFailure<Code extends string = ToolErrorCode>(
  code: Code,
  message: string,
  details?: unknown,
): ToolFailure<Code> {
  return details === undefined
    ? { status: 'failure', error: { code, message } }
    : { status: 'failure', error: { code, message, details } };
}

/**
 * {@link toolFailure} narrowed to one package's codes:
 * `const fsFailure: ToolFailureBuilder<FsErrorCode> = toolFailure;`
 */
export type ToolFailureBuilder<Code extends string> = (
  code: Code,
  message: string,
  details?: unknown,
) => ToolFailure<Code>;

/** Builds a rejection result; `feedback` is left out when undefined or blank. */
export function toolRejection(by: ToolRejection['by'], reason: string, feedback?: string): ToolRejection {
  return feedback === undefined || feedback.trim() === ''
    ? { status: 'rejected', by, reason }
    : { status: 'rejected', by, reason, feedback };
}
