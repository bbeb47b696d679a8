import type { ToolDefinition } from '../tool/tool-definition.js';
import type { ApprovalMode } from './approval-mode.js';
import type { ApprovalDecision, ToolApproval } from './tool-approval.js';

/** What approval reads of a tool: its definition and its declared approval, if any. */
export interface ApprovalSubject {
  readonly definition: ToolDefinition;
  readonly approval?: ToolApproval<never> | undefined;
}

function defaultDecision(mode: ApprovalMode, tool: ApprovalSubject): ApprovalDecision {
  if (mode !== 'safe') return mode === 'auto' ? 'run' : 'ask';
  const { source, annotations } = tool.definition;
  if (source.type === 'delegate' || source.type === 'subagent') return 'run';
  return annotations.readOnly === true ? 'run' : 'ask';
}

/**
 * Whether a call needs a person's answer in `mode` (docs/architecture.md, "Approval"): the tool's
 * declared rule for that mode, or the default for a tool that declares none.
 */
export function requiresApproval(mode: ApprovalMode, tool: ApprovalSubject, input: unknown): boolean {
  const rule = tool.approval?.rule?.[mode];
  const decision =
    rule === undefined
      ? defaultDecision(mode, tool)
      : typeof rule === 'function'
        ? rule(input as never)
        : rule;
  return decision === 'ask';
}
