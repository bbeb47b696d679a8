import { type ToolFailure, toolFailure } from '../result/tool-result.js';
import { decodeArguments } from './decode-arguments.js';
import type { ToolInvocation } from './tool-invocation.js';

/** Validates the call's arguments into `invocation.input` once; a failure is `invalid_arguments`. */
export function validateInvocation(invocation: ToolInvocation): ToolFailure | undefined {
  if (invocation.input) return undefined;
  const decoded = decodeArguments(invocation.call.name, invocation.call.arguments);
  if (!decoded.ok) return toolFailure('invalid_arguments', decoded.message);
  const parsed = invocation.tool.parseArguments(decoded.value);
  if (!parsed.ok) return toolFailure('invalid_arguments', parsed.message, parsed.details);
  invocation.input = { value: parsed.value };
  return undefined;
}

/**
 * Runs the tool's `prepare` once (after validation); a failure returns without asking anyone. A
 * failure that quotes a file is held in `invocation.held` for approval to decide (see `QuotingFailure`).
 */
export async function prepareInvocation(invocation: ToolInvocation): Promise<ToolFailure | undefined> {
  const invalid = validateInvocation(invocation);
  if (invalid) return invalid;
  if (invocation.prepared || invocation.held || !invocation.tool.prepare) return undefined;
  const prepared = await invocation.tool.prepare(invocation.input!.value, invocation.context);
  if (prepared.status === 'failure') return prepared;
  if (prepared.status === 'quoting_failure') {
    invocation.held = prepared;
    return undefined;
  }
  invocation.prepared = prepared;
  return undefined;
}

/**
 * Makes the invocation a new call of the same tool with `args` (a preToolUse hook's rewrite):
 * forgets what validation, preflight and any decorator before approval had made of the old
 * arguments, then validates and prepares the new ones as for any call. A failure returns as
 * validation's or preflight's would.
 */
export async function restartInvocation(
  invocation: ToolInvocation,
  args: Readonly<Record<string, unknown>>,
): Promise<ToolFailure | undefined> {
  const mutable = invocation as { call: ToolInvocation['call'] } & ToolInvocation;
  mutable.call = { ...invocation.call, arguments: args };
  delete mutable.input;
  delete mutable.prepared;
  delete mutable.held;
  delete mutable.preApproved;
  return prepareInvocation(invocation);
}
