import type { ToolCallContent } from '@agentclientprotocol/sdk';
import type { Workspace } from '@toolgate/core';
import { type EditInput, planEdit, planPatch } from '@toolgate/tools-patch';
import { decodeShownText, readShownText } from './shown-text.js';

type Diff = Extract<ToolCallContent, { type: 'diff' }>;

function diff(path: string, before: Uint8Array | null, after: Uint8Array | null): Diff | undefined {
  const oldText = before === null ? null : decodeShownText(before);
  const newText = after === null ? '' : decodeShownText(after);
  if (oldText === undefined || newText === undefined) return undefined;
  return { type: 'diff', path, oldText, newText };
}

/** All of them, or none when one cannot be shown. */
function allShown(diffs: readonly (Diff | undefined)[]): Diff[] | undefined {
  return diffs.length > 0 && diffs.every((entry) => entry !== undefined) ? (diffs as Diff[]) : undefined;
}

async function writeFileDiff(
  workspace: Workspace,
  input: Record<string, unknown>,
): Promise<Diff[] | undefined> {
  if (typeof input.path !== 'string' || typeof input.content !== 'string') return undefined;
  const resolved = await workspace.resolveWritable(input.path);
  if (resolved.status !== 'success') return undefined;
  const oldText = await readShownText(resolved.output.absolutePath);
  if (oldText === undefined) return undefined;
  const newText = input.mode === 'append' ? `${oldText ?? ''}${input.content}` : input.content;
  return [{ type: 'diff', path: resolved.output.absolutePath, oldText, newText }];
}

/**
 * What an edit, write_file or apply_patch call would do, as whole-file diffs for the permission
 * request, planned the way the tool plans it and writing nothing. Undefined for other tools, for a
 * call the tool would refuse, and when a file cannot be shown as text: the request then carries the
 * tool's unified diff instead.
 */
export async function plannedDiffs(
  toolName: string,
  input: unknown,
  workspace: Workspace,
): Promise<Diff[] | undefined> {
  const args = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  try {
    switch (toolName) {
      case 'edit': {
        const planned = await planEdit(workspace, args as unknown as EditInput);
        if (planned.status !== 'success') return undefined;
        const { absolutePath, before, after } = planned.output;
        return allShown([diff(absolutePath, before, after)]);
      }
      case 'apply_patch': {
        if (typeof args.patch !== 'string') return undefined;
        const planned = await planPatch(workspace, args.patch);
        return planned.status === 'success'
          ? allShown(planned.output.files.map((file) => diff(file.absolutePath, file.before, file.after)))
          : undefined;
      }
      case 'write_file':
        return await writeFileDiff(workspace, args);
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}
