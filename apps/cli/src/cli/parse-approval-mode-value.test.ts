import { APPROVAL_MODE_ALIASES, APPROVAL_MODES, parseApprovalMode } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import {
  CLI_APPROVAL_MODE_ALIASES,
  CLI_APPROVAL_MODES,
  parseApprovalModeValue,
} from './parse-approval-mode-value.js';
import { UsageError } from './usage-error.js';

describe('parseApprovalModeValue', () => {
  it("knows core's modes and aliases, and reads every spelling as core does", () => {
    expect([CLI_APPROVAL_MODES, CLI_APPROVAL_MODE_ALIASES]).toEqual([APPROVAL_MODES, APPROVAL_MODE_ALIASES]);
    for (const name of [...APPROVAL_MODES, ...Object.keys(APPROVAL_MODE_ALIASES), ' DONTASK ', 'Plan'])
      expect(parseApprovalModeValue(name, '--approval')).toBe(parseApprovalMode(name));
  });

  it('refuses anything else, naming every accepted value', () => {
    expect(() => parseApprovalModeValue('yolo', '--approval')).toThrow(
      new UsageError(
        '--approval expects one of manual, safe, auto, plan, accept-edits, dont-ask (or acceptEdits, dontAsk, bypassPermissions); got "yolo".',
      ),
    );
  });
});
