import {
  type ApprovalDecision,
  type ApprovalMode,
  type ApprovalSubject,
  approvalDecision,
} from '@toolgate/core';

const WORDS: Readonly<Record<ApprovalDecision, string>> = { ask: 'yes', run: 'no', refuse: 'refused' };

/** The values of the input's `action` enum (bash's exec, start, …), when the tool has one. */
function actionsOf(tool: ApprovalSubject): readonly string[] | undefined {
  const action = tool.definition.inputSchema.properties?.action;
  if (action === null || typeof action !== 'object') return undefined;
  const values = (action as { readonly enum?: unknown }).enum;
  return Array.isArray(values) && values.length > 0 && values.every((value) => typeof value === 'string')
    ? values
    : undefined;
}

/**
 * Whether `mode` asks before this tool runs, by the rule the tool declares: `yes`, `no`,
 * `refused` (plan's writes, dont-ask's questions), or for a tool with an `action` argument whose
 * actions differ (bash), the actions that ask and those refused (`refused: exec,start`).
 */
export function describeApprovalRule(mode: ApprovalMode, tool: ApprovalSubject): string {
  // A tool module's rule may throw on the bare arguments a listing judges: such a call never runs
  // unasked (the surface answers it with internal_error), so the listing says it asks.
  const decide = (input: unknown): ApprovalDecision => {
    try {
      return approvalDecision(mode, tool, input);
    } catch {
      return 'ask';
    }
  };
  const actions = actionsOf(tool);
  if (!actions) return WORDS[decide({})];
  const decisions = actions.map((action) => decide({ action }));
  if (decisions.every((decision) => decision === decisions[0])) return WORDS[decisions[0]!];
  const those = (wanted: ApprovalDecision) =>
    actions
      .filter((_, index) => decisions[index] === wanted)
      .sort()
      .join(',');
  const asking = those('ask');
  const refused = those('refuse');
  return [asking, refused === '' ? '' : `refused: ${refused}`].filter((part) => part !== '').join('; ');
}
