import { isAbsolute, resolve } from 'node:path';
import type { ToolKind } from '@agentclientprotocol/sdk';

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

const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;

function text(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function clip(value: string, max = 80): string {
  const line = value.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** ACP kind, title and locations of a call from the tool's name and the model's arguments. */
export function presentToolCall(name: string, input: unknown, root: string): ToolCallPresentation {
  const args = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(root, path));
  const path = text(args, 'path');
  const kind = KINDS[name] ?? 'other';
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
    case 'apply_patch': {
      const files = [...(text(args, 'patch') ?? '').matchAll(PATCH_FILE)].map((match) => match[1]!.trim());
      return {
        kind,
        title: files.length > 0 ? `Patch ${files.join(', ')}` : 'Apply a patch',
        locations: files.map((file) => ({ path: absolute(file) })),
      };
    }
    default:
      return { kind, title: name, locations };
  }
}
