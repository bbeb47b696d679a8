import type { ToolDefinition } from '../tool/tool-definition.js';
import type { ApprovalMode } from './approval-mode.js';
import { looserDecision, stricterDecision } from './approval-strictness.js';
import type { ApprovalDecision, DeclaredApprovalMode, ToolApproval } from './tool-approval.js';

/** What approval reads of a tool: its definition and its declared approval, if any. */
export interface ApprovalSubject {
  readonly definition: ToolDefinition;
  readonly approval?: ToolApproval<never> | undefined;
}

// Read-only tools and delegates (whose own calls are gated) run unasked in safe and plan.
function readsOnly(tool: ApprovalSubject): boolean {
  const { source, annotations } = tool.definition;
  return source.type === 'delegate' || source.type === 'subagent' || annotations.readOnly === true;
}

function defaultDecision(mode: DeclaredApprovalMode, tool: ApprovalSubject): ApprovalDecision {
  switch (mode) {
    case 'manual':
      return 'ask';
    case 'auto':
      return 'run';
    case 'safe':
      return readsOnly(tool) ? 'run' : 'ask';
    case 'plan':
      return readsOnly(tool) ? 'run' : 'refuse';
  }
}

function declaredDecision(
  mode: DeclaredApprovalMode,
  tool: ApprovalSubject,
  input: unknown,
): ApprovalDecision {
  const rule = tool.approval?.rule?.[mode];
  if (rule === undefined) return defaultDecision(mode, tool);
  return typeof rule === 'function' ? rule(input as never) : rule;
}

function editsWorkspace(tool: ApprovalSubject, input: unknown): boolean {
  const declared = tool.approval?.workspaceEdit;
  return typeof declared === 'function' ? declared(input as never) : declared === true;
}

/**
 * What `mode` does with one call (docs/architecture.md, "Approval"): the tool's declared rule for
 * manual, safe and auto, or the default for a tool that declares none; plan is the stricter of
 * safe and the tool's plan rule (default: run what is read-only, refuse the rest); accept-edits
 * runs what the tool declares a workspace edit (as auto does) and is safe otherwise; dont-ask is
 * safe with every question turned into a refusal.
 */
export function approvalDecision(
  mode: ApprovalMode,
  tool: ApprovalSubject,
  input: unknown,
): ApprovalDecision {
  switch (mode) {
    case 'manual':
    case 'safe':
    case 'auto':
      return declaredDecision(mode, tool, input);
    case 'plan':
      return stricterDecision(declaredDecision('safe', tool, input), declaredDecision('plan', tool, input));
    case 'accept-edits': {
      const safe = declaredDecision('safe', tool, input);
      return editsWorkspace(tool, input) ? looserDecision(safe, declaredDecision('auto', tool, input)) : safe;
    }
    case 'dont-ask': {
      const safe = declaredDecision('safe', tool, input);
      return safe === 'ask' ? 'refuse' : safe;
    }
  }
}

/** Whether a call needs a person's answer in `mode`: {@link approvalDecision} is `ask`. */
export function requiresApproval(mode: ApprovalMode, tool: ApprovalSubject, input: unknown): boolean {
  return approvalDecision(mode, tool, input) === 'ask';
}
