import type { ToolDefinition } from '../tool/tool-definition.js';
import type { ApprovalMode } from './approval-mode.js';

const BASH_ACTIONS_ASKED_IN_SAFE_MODE = ['exec', 'start', 'stop', 'write'];
const BUILT_INS_RUN_IN_SAFE_MODE = ['read_file', 'glob', 'grep', 'write_file', 'edit', 'update_agents_md'];

/** The bash action of a call, as AI4J reads it: trimmed, lower-cased, blank → `exec`. */
export function bashActionOf(input: unknown): string {
  const action = (input as { action?: unknown } | undefined)?.action;
  const text = typeof action === 'string' ? action.trim().toLowerCase() : '';
  return text === '' ? 'exec' : text;
}

/**
 * Whether a call needs a person's answer in `mode` — the table of DESIGN §5. Built-in names are
 * reserved, so a replacement tool under a built-in name keeps the built-in's rule.
 */
export function requiresApproval(mode: ApprovalMode, definition: ToolDefinition, input: unknown): boolean {
  if (mode === 'auto') return false;
  if (mode === 'manual') return true;
  const { name, source, annotations } = definition;
  if (name === 'apply_patch') return true;
  if (name === 'bash') return BASH_ACTIONS_ASKED_IN_SAFE_MODE.includes(bashActionOf(input));
  if (BUILT_INS_RUN_IN_SAFE_MODE.includes(name)) return false;
  if (source.type === 'delegate' || source.type === 'subagent') return false;
  return annotations.readOnly !== true;
}
