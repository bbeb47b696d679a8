import { presentParsedCall } from '../presentation/present-tool-call.js';
import type { ToolCallPresentation, ToolPresentation } from '../presentation/tool-presentation.js';
import { escapeControlCharacters } from '../text/escape-control-characters.js';
import type { ToolKind } from '../tool/tool-definition.js';
import type { ApprovalMode } from './approval-mode.js';
import type { ApprovalSummary, FileChangePreview } from './approval-summary.js';
import type { ApprovalSubject } from './requires-approval.js';

/**
 * What the approver is asked about one call. Every text field is shown as it will run: control
 * characters and escape sequences appear escaped (`\e[2K`), and nothing is clipped; a host wraps
 * or pages long content, or refuses to ask about what it cannot show.
 */
export interface ApprovalRequest {
  /** The tool's wire name. */
  readonly toolName: string;
  /** The model's call id. */
  readonly callId: string;
  /** ACP kind of the call: the tool's, unless its summary names a narrower one (`delete`, `move`). */
  readonly kind: ToolKind;
  /** The mode that made this call ask. */
  readonly mode: ApprovalMode;
  /** `Approval required for <tool>`, unless the tool names it otherwise. */
  readonly title: string;
  /** Summary lines (bash: action and cwd, then the command; apply_patch: every `Add/Update/Delete/Move <path>`). */
  readonly lines: readonly string[];
  /** What a rejection names: the command for bash exec, `Stop process <id>`, `Add <path>`, `args=…`. */
  readonly detail: string;
  /** Unified diff of the planned change, when the tool computed one. */
  readonly diff?: string;
  /** Display paths the call touches. */
  readonly locations?: readonly string[];
  /**
   * Every file the call would change, whole, when the tool declared them: for hosts that show a
   * file diff view. Unlike the fields above, the texts are the files' own (not escaped).
   */
  readonly files?: readonly FileChangePreview[];
  /** How the call is shown (title, kind, locations), as hosts show it outside the question too. */
  readonly presentation: ToolCallPresentation;
  /** The validated arguments. */
  readonly input: unknown;
  /** Key under which `*_always` answers are remembered: the tool's name plus the scope it declares. */
  readonly rememberKey: string;
  /** What an `*_always` answer covers, for a person: ``always for `npm test` ``, `always for read_file`. */
  readonly rememberLabel: string;
  /**
   * The allow rules an "always" beyond this session would write (`bash(npm test)`, one per simple
   * command of the line), in the host's rule syntax; set by a host that can keep them (core never
   * does). Absent when no rule would be as narrow as the call: then "always" lasts the session.
   */
  readonly lastingRules?: readonly string[];
  /** The ask rule that made this call ask, with its file, when a rule did (else the mode did). */
  readonly askingRule?: { readonly text: string; readonly source: string };
}

function pick<Field extends keyof ApprovalSummary>(
  field: Field,
  ...sources: readonly (ApprovalSummary | undefined)[]
): ApprovalSummary[Field] | undefined {
  for (const source of sources) {
    const value = source?.[field];
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) return value;
  }
  return undefined;
}

/**
 * Builds the approval request for a call: the tool's declared summary (from its spec) refined by
 * its preflight preview, over core's default (`args=<the arguments as JSON>`, remembered by tool).
 */
export function buildApprovalRequest(options: {
  readonly tool: ApprovalSubject & { readonly presentation?: ToolPresentation<never> | undefined };
  readonly callId: string;
  readonly input: unknown;
  readonly mode: ApprovalMode;
  readonly preview?: ApprovalSummary | undefined;
}): ApprovalRequest {
  const { definition } = options.tool;
  const declared = options.tool.approval?.summarize?.(options.input as never);
  const sources = [options.preview, declared] as const;
  const lines = pick('lines', ...sources) ?? [`args=${JSON.stringify(options.input ?? {}) ?? '{}'}`];
  const detail = pick('detail', ...sources) ?? lines[0] ?? definition.name;
  // The diff is the costly field (a tool may compute it from whole files, behind a getter): it is
  // picked and escaped when something reads it, once.
  const hasDiff = sources.some((source) => source !== undefined && 'diff' in source);
  let diff: { readonly value: string | undefined } | undefined;
  const locations = pick('locations', ...sources);
  const remember = pick('remember', ...sources);
  const files = pick('files', ...sources);
  const title = pick('title', ...sources) ?? `Approval required for ${definition.name}`;
  const request: ApprovalRequest = {
    toolName: definition.name,
    callId: options.callId,
    kind: pick('kind', ...sources) ?? definition.kind,
    mode: options.mode,
    title: escapeControlCharacters(title),
    lines: lines.map((line) => escapeControlCharacters(line)),
    detail: escapeControlCharacters(detail),
    ...(locations ? { locations: locations.map((location) => escapeControlCharacters(location)) } : {}),
    ...(files ? { files } : {}),
    presentation: presentParsedCall(options.tool, options.input, options.preview),
    input: options.input,
    rememberKey: remember ? `${definition.name}\u0000${remember.key}` : definition.name,
    rememberLabel: escapeControlCharacters(remember?.label ?? `always for ${definition.name}`),
  };
  if (!hasDiff) return request;
  // Read only by a host that shows it (not by a rule, nor for a call that runs unasked); enumerable,
  // so a copy or JSON of the request carries it.
  return Object.defineProperty(request, 'diff', {
    enumerable: true,
    get: () => {
      if (!diff) {
        const picked = pick('diff', ...sources);
        diff = { value: picked ? escapeControlCharacters(picked, { keepLineFeeds: true }) : undefined };
      }
      return diff.value;
    },
  });
}
