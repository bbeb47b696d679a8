import { clipText } from '../text/clip-text.js';
import type { ToolDefinition, ToolKind } from '../tool/tool-definition.js';
import type { ApprovalMode } from './approval-mode.js';
import type { ApprovalPreview } from './approval-preview.js';
import { bashActionOf } from './requires-approval.js';

/** What the approver is asked about one call. */
export interface ApprovalRequest {
  /** The tool's wire name. */
  readonly toolName: string;
  /** The model's call id. */
  readonly callId: string;
  /** ACP kind of the tool. */
  readonly kind: ToolKind;
  /** The mode that made this call ask. */
  readonly mode: ApprovalMode;
  /** `Approval required for <tool>`. */
  readonly title: string;
  /** The seed's summary lines (bash: action and cwd, then the command; apply_patch: `Add <path>` …). */
  readonly lines: readonly string[];
  /** The rejection detail: the command for bash exec, `Stop process <id>`, `Add <path>`, `args=…`. */
  readonly detail: string;
  /** Unified diff of the planned change, when preflight computed one. */
  readonly diff?: string;
  /** Display paths the call touches. */
  readonly locations?: readonly string[];
  /** The validated arguments. */
  readonly input: unknown;
  /** Key under which `*_always` answers are remembered: bash by exact command, others by name. */
  readonly rememberKey: string;
}

interface Summary {
  readonly lines: readonly string[];
  readonly detail: string;
  readonly rememberKey: string;
}

const PATCH_OPERATION = /^\s*\*\*\*\s*(Add|Update|Delete)(?: File)?:\s*(.+?)\s*$/;

function field(input: unknown, name: string): string {
  const value = (input as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

function summarizeBash(input: unknown): Summary {
  const action = bashActionOf(input);
  const processId = field(input, 'processId').trim() || '(process)';
  if (action === 'exec' || action === 'start') {
    const command = field(input, 'command').trim();
    return {
      lines: [`${action} in ${clipText(field(input, 'cwd').trim() || '.', 72)}`, clipText(command, 120)],
      detail: command || `bash ${action}`,
      rememberKey: `bash\u0000${action}\u0000${command}`,
    };
  }
  const detail =
    action === 'stop'
      ? `Stop process ${processId}`
      : action === 'write'
        ? `Write to process ${processId}`
        : `bash ${action}`;
  return { lines: [`${action} process ${processId}`], detail, rememberKey: `bash\u0000${action}` };
}

function summarizePatch(input: unknown): Summary {
  const patch = field(input, 'patch');
  const lines: string[] = [];
  for (const line of patch.split('\n')) {
    const match = PATCH_OPERATION.exec(line);
    if (match) lines.push(`${match[1]} ${match[2]}`);
    if (lines.length === 4) break;
  }
  return lines.length > 0
    ? { lines, detail: lines[0]!, rememberKey: 'apply_patch' }
    : { lines: [clipText(patch, 120)], detail: 'apply_patch', rememberKey: 'apply_patch' };
}

function summarizeOther(definition: ToolDefinition, input: unknown): Summary {
  const line = `args=${clipText(JSON.stringify(input ?? {}) ?? '{}', 120)}`;
  return { lines: [line], detail: line, rememberKey: definition.name };
}

/** Builds the approval request for a call: core's summary of the seed, overridden by the tool's preview. */
export function buildApprovalRequest(options: {
  readonly definition: ToolDefinition;
  readonly callId: string;
  readonly input: unknown;
  readonly mode: ApprovalMode;
  readonly preview?: ApprovalPreview | undefined;
}): ApprovalRequest {
  const { definition, input, preview } = options;
  const summary =
    definition.name === 'bash'
      ? summarizeBash(input)
      : definition.name === 'apply_patch'
        ? summarizePatch(input)
        : summarizeOther(definition, input);
  const lines = preview?.lines && preview.lines.length > 0 ? preview.lines : summary.lines;
  const detail =
    preview?.detail ??
    (preview?.lines?.[0] && definition.name !== 'bash' ? preview.lines[0] : summary.detail);
  return {
    toolName: definition.name,
    callId: options.callId,
    kind: definition.kind,
    mode: options.mode,
    title: `Approval required for ${definition.name}`,
    lines,
    detail,
    ...(preview?.diff ? { diff: preview.diff } : {}),
    ...(preview?.locations ? { locations: preview.locations } : {}),
    input,
    rememberKey: summary.rememberKey,
  };
}
