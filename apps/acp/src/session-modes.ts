import { RequestError } from '@agentclientprotocol/sdk';
import {
  APPROVAL_MODE_DESCRIPTIONS,
  APPROVAL_MODES,
  type ApprovalMode,
  describeApprovalModeNames,
  parseApprovalMode,
} from '@toolgate/core';

/** ACP's `modes` of a new session: every approval mode with its name and line, and the current one. */
export function sessionModeState(current: ApprovalMode) {
  return {
    currentModeId: current,
    availableModes: APPROVAL_MODES.map((id) => ({ id, ...APPROVAL_MODE_DESCRIPTIONS[id] })),
  };
}

/**
 * The mode a `session/set_mode` names: a mode id, or one of Claude Code's names (`acceptEdits`,
 * `dontAsk`, `bypassPermissions`); anything else is invalid params naming what is accepted.
 */
export function sessionModeOf(modeId: string): ApprovalMode {
  const mode = parseApprovalMode(modeId);
  if (mode === undefined)
    throw RequestError.invalidParams(
      undefined,
      `Unknown mode ${JSON.stringify(modeId)}; expected one of ${describeApprovalModeNames()}.`,
    );
  return mode;
}
