import {
  type ApprovalMode,
  type ApprovalSubject,
  requiresApproval,
  type ToolDefinition,
} from '@toolgate/core';
import { UPDATE_AGENTS_MD_SPEC } from '@toolgate/tools-agents-md';
import { READ_FILE_SPEC, WRITE_FILE_SPEC } from '@toolgate/tools-fs';
import { APPLY_PATCH_SPEC, EDIT_SPEC } from '@toolgate/tools-patch';
import { GLOB_SPEC, GREP_SPEC } from '@toolgate/tools-search';
import { BASH_ACTIONS, BASH_SPEC } from '@toolgate/tools-shell';

// The built-in tools' own specs carry their approval rules; a listing may come from cached
// definitions, which carry none.
const BUILT_IN_SPECS: ReadonlyMap<string, ApprovalSubject> = new Map(
  [
    BASH_SPEC,
    READ_FILE_SPEC,
    WRITE_FILE_SPEC,
    APPLY_PATCH_SPEC,
    GLOB_SPEC,
    GREP_SPEC,
    EDIT_SPEC,
    UPDATE_AGENTS_MD_SPEC,
  ].map((spec) => [spec.definition.name, spec as ApprovalSubject]),
);

/** Whether `mode` asks before this tool runs: `yes`, `no`, or for bash the actions that ask. */
export function describeApprovalRule(mode: ApprovalMode, definition: ToolDefinition): string {
  const subject = BUILT_IN_SPECS.get(definition.name) ?? { definition };
  if (subject === BUILT_IN_SPECS.get(BASH_SPEC.definition.name)) {
    const asking = BASH_ACTIONS.filter((action) => requiresApproval(mode, subject, { action }));
    if (asking.length === BASH_ACTIONS.length) return 'yes';
    if (asking.length === 0) return 'no';
    return [...asking].sort().join(',');
  }
  return requiresApproval(mode, subject, {}) ? 'yes' : 'no';
}
