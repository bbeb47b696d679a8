import type { ApprovalSummary, ToolApproval } from '@toolgate/core';
import type { BashAction, BashInput } from './bash-schema.js';

// In safe and plan mode the actions that start or change processes ask; looking does not.
const ASKED_IN_SAFE_MODE: readonly BashAction[] = ['exec', 'start', 'stop', 'write'];

const askedInSafeMode = (input: BashInput) => (ASKED_IN_SAFE_MODE.includes(input.action) ? 'ask' : 'run');

function summarize(input: BashInput): ApprovalSummary {
  const { action } = input;
  if (action === 'exec' || action === 'start') {
    const command = (input.command ?? '').trim();
    return {
      lines: [`${action} in ${input.cwd?.trim() || '.'}`, command],
      detail: command || `bash ${action}`,
      // "Always" covers this exact command only, never a prefix of it.
      remember: { key: `${action}\u0000${command}`, label: `always for \`${command}\`` },
    };
  }
  const processId = (input.processId ?? '').trim() || '(process)';
  const detail =
    action === 'stop'
      ? `Stop process ${processId}`
      : action === 'write'
        ? `Write to process ${processId}`
        : `bash ${action}`;
  return {
    lines: [`${action} process ${processId}`],
    detail,
    remember: { key: action, label: `always for bash ${action}` },
  };
}

/**
 * bash's approval: asks by action in safe mode, shows cwd and command, remembers the exact command.
 * In plan mode looking runs and the rest asks: whether a command only reads is the person's call
 * (the question names plan mode); dont-ask refuses what safe would ask.
 */
export const BASH_APPROVAL: ToolApproval<BashInput> = {
  rule: {
    safe: askedInSafeMode,
    plan: askedInSafeMode,
  },
  summarize,
};
