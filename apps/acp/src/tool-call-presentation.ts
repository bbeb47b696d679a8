import { isAbsolute, resolve } from 'node:path';
import type { ToolKind } from '@agentclientprotocol/sdk';
import type { AnyTool, ApprovalSummary } from '@toolgate/core';

/** How an editor shows one tool call: its ACP kind, a title a person reads, the files it touches. */
export interface ToolCallPresentation {
  readonly kind: ToolKind;
  readonly title: string;
  readonly locations: readonly { readonly path: string }[];
}

const KINDS: Readonly<Record<string, ToolKind>> = {
  bash: 'execute',
  read_file: 'read',
  grep: 'search',
  glob: 'search',
  edit: 'edit',
  write_file: 'edit',
  apply_patch: 'edit',
  update_agents_md: 'edit',
};

/** Tools that hand work to a child agent: the editor shows them as thinking. */
const DELEGATE_PREFIXES = ['delegate_', 'subagent_'];

function text(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function clip(value: string, max = 80): string {
  const line = value.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * A call shown by the summary its tool declares (`approval.summarize`, from the arguments alone):
 * the summary's kind when it narrows the tool's, its lines as the title, its paths as locations.
 * Undefined when the tool declared no lines for this call.
 */
function presentDeclared(
  summary: ApprovalSummary | undefined,
  kind: ToolKind,
  absolute: (path: string) => string,
): ToolCallPresentation | undefined {
  if (!summary?.lines || summary.lines.length === 0) return undefined;
  return {
    kind: summary.kind ?? kind,
    title: clip(summary.lines.join(', '), 120),
    locations: [...new Set(summary.locations ?? [])].map((path) => ({ path: absolute(path) })),
  };
}

/**
 * The summary a tool declares for a call from its arguments (apply_patch: every operation, the
 * paths, the kind), before any planning; undefined when the tool declares none, the arguments do
 * not parse, or the declaration throws.
 */
export function declaredSummary(tool: AnyTool | undefined, input: unknown): ApprovalSummary | undefined {
  const summarize = tool?.approval?.summarize;
  if (!tool || !summarize || input === null || typeof input !== 'object' || Array.isArray(input))
    return undefined;
  try {
    const parsed = tool.parseArguments(input as Record<string, unknown>);
    return parsed.ok ? summarize(parsed.value) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * ACP kind, title and locations of a call from the tool's name and the model's arguments: the kind
 * the tool defines (by its name when the session has no such tool); a tool without a title of its
 * own here is shown by the summary it declares ({@link declaredSummary}).
 */
export function presentToolCall(
  name: string,
  input: unknown,
  root: string,
  tool?: AnyTool,
): ToolCallPresentation {
  const args = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(root, path));
  const path = text(args, 'path');
  const delegate = DELEGATE_PREFIXES.some((prefix) => name.startsWith(prefix));
  const declared = declaredSummary(tool, input);
  // An unknown name (the model's typo, a server that went away): other.
  const kind = tool?.definition.kind ?? KINDS[name] ?? (delegate ? 'think' : 'other');
  const locations = path ? [{ path: absolute(path) }] : [];
  switch (name) {
    case 'bash': {
      const command = text(args, 'command');
      return {
        kind,
        title: command ? `Run \`${clip(command)}\`` : `bash ${text(args, 'action') ?? ''}`.trim(),
        locations,
      };
    }
    case 'read_file':
      return { kind, title: `Read ${path ?? 'a file'}`, locations };
    case 'grep':
      return { kind, title: `Search for \`${clip(text(args, 'pattern') ?? '')}\``, locations };
    case 'glob':
      return { kind, title: `Find files matching \`${clip(text(args, 'pattern') ?? '')}\``, locations };
    case 'edit':
      return { kind, title: `Edit ${path ?? 'a file'}`, locations };
    case 'write_file':
      return { kind, title: `Write ${path ?? 'a file'}`, locations };
    case 'apply_patch':
      return presentDeclared(declared, kind, absolute) ?? { kind, title: 'Apply a patch', locations: [] };
    default:
      if (delegate) {
        const task = text(args, 'task');
        return { kind, title: task ? `${name}: ${clip(task)}` : name, locations };
      }
      return presentDeclared(declared, kind, absolute) ?? { kind, title: name, locations };
  }
}
