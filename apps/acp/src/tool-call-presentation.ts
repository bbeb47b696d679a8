import { isAbsolute, resolve } from 'node:path';
import type { ToolKind } from '@agentclientprotocol/sdk';
import { type PatchOperation, parsePatch } from '@toolgate/tools-patch';

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

/** A patch's kind: `delete` when it only deletes files, `move` when it only moves them unchanged, else `edit`. */
function patchKind(operations: readonly PatchOperation[]): ToolKind {
  if (operations.length === 0) return 'edit';
  if (operations.every((operation) => operation.type === 'delete')) return 'delete';
  const pureMove = (operation: PatchOperation) =>
    operation.type === 'update' &&
    operation.moveTo !== undefined &&
    operation.hunks.every((hunk) => hunk.lines.every((line) => line.kind === 'context'));
  return operations.every(pureMove) ? 'move' : 'edit';
}

function patchSummary(operation: PatchOperation): string {
  switch (operation.type) {
    case 'add':
      return `Add ${operation.path}`;
    case 'delete':
      return `Delete ${operation.path}`;
    default:
      return operation.moveTo === undefined
        ? `Update ${operation.path}`
        : `Move ${operation.path} → ${operation.moveTo}`;
  }
}

function presentPatch(patch: string, absolute: (path: string) => string): ToolCallPresentation {
  const parsed = parsePatch(patch);
  if (!parsed.ok || parsed.operations.length === 0)
    return { kind: 'edit', title: 'Apply a patch', locations: [] };
  const { operations } = parsed;
  const paths = operations.flatMap((operation) =>
    operation.type === 'update' && operation.moveTo !== undefined
      ? [operation.path, operation.moveTo]
      : [operation.path],
  );
  return {
    kind: patchKind(operations),
    title: clip(operations.map(patchSummary).join(', '), 120),
    locations: [...new Set(paths)].map((path) => ({ path: absolute(path) })),
  };
}

/** ACP kind, title and locations of a call from the tool's name and the model's arguments. */
export function presentToolCall(name: string, input: unknown, root: string): ToolCallPresentation {
  const args = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(root, path));
  const path = text(args, 'path');
  const delegate = DELEGATE_PREFIXES.some((prefix) => name.startsWith(prefix));
  // MCP tools (mcp__server__tool) and anything else unknown: other.
  const kind = KINDS[name] ?? (delegate ? 'think' : 'other');
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
      return presentPatch(text(args, 'patch') ?? '', absolute);
    default:
      if (delegate) {
        const task = text(args, 'task');
        return { kind, title: task ? `${name}: ${clip(task)}` : name, locations };
      }
      return { kind, title: name, locations };
  }
}
