import type { ApprovalExplanation } from '@toolgate/core';
import type { Colors } from './colors.js';

const OUTCOME_WORDS = {
  run: 'runs without asking',
  ask: 'asks you first (refused when no terminal can answer)',
  reject: 'is refused without asking',
} as const;

/** Why, in one sentence: the rule and its file, the remembered answer, or the mode row. */
function why(explanation: ApprovalExplanation): string {
  switch (explanation.by) {
    case 'rule':
      return explanation.verdict.reason;
    case 'memory':
      return `an answer remembered for this session (${explanation.remembered === 'allow' ? 'always allow' : 'always reject'})`;
    case 'mode': {
      const whose = explanation.declared
        ? `${explanation.tool}'s own rule for ${explanation.mode} mode`
        : `the default for a tool that declares no rule${explanation.mode === 'safe' ? ' (safe runs only tools annotated read-only)' : ''}`;
      const rules = explanation.overrode
        ? `the permission rule that matched (${explanation.overrode.reason}) does not count in ${explanation.mode} mode`
        : 'no permission rule matched';
      return `the ${explanation.mode} row of the mode table: ${whose}; ${rules}`;
    }
  }
}

/** `toolgate call … --explain`: the decision, what decided it, and that nothing ran. */
export function formatApprovalExplanation(explanation: ApprovalExplanation, colors: Colors): string {
  const rule =
    explanation.by === 'rule' && explanation.verdict.rule
      ? `rule:     ${explanation.verdict.rule.text} in ${explanation.verdict.rule.source}\n`
      : '';
  const colour = { run: colors.green, ask: colors.yellow, reject: colors.red }[explanation.outcome];
  return (
    `${colors.bold(explanation.tool)}: ${explanation.detail}\n` +
    `decision: ${colour(explanation.outcome)} — the call ${OUTCOME_WORDS[explanation.outcome]}\n` +
    `by:       ${explanation.by}\n` +
    rule +
    `why:      ${why(explanation)}\n` +
    colors.dim('Not run (--explain).\n')
  );
}
