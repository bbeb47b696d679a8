import type { ToolDecorator, Workspace } from '@toolgate/core';
import { parsePatch } from '@toolgate/tools-patch';
import { readShownText } from './shown-text.js';

/** One file a call changed, whole: `oldText` null when it did not exist, `newText` null once deleted. */
export interface FileChange {
  /** Real absolute path. */
  readonly path: string;
  readonly oldText: string | null;
  readonly newText: string | null;
}

/** Records what each successful edit, write_file and apply_patch call did to whole files. */
export interface FileChangeRecorder {
  /** Goes after approval: reads the files just before the tool runs and again after it succeeded. */
  readonly decorator: ToolDecorator;
  /** The changes a call made, handed out once; undefined when nothing was recorded. */
  take(callId: string): readonly FileChange[] | undefined;
}

/** Paths, as the model gave them, that a call of an editing tool may write. */
function editedPaths(toolName: string, input: unknown): string[] {
  const args = input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  switch (toolName) {
    case 'edit':
    case 'write_file':
      return typeof args.path === 'string' ? [args.path] : [];
    case 'apply_patch': {
      const parsed = typeof args.patch === 'string' ? parsePatch(args.patch) : undefined;
      if (!parsed?.ok) return [];
      return parsed.operations.flatMap((operation) =>
        operation.type === 'update' && operation.moveTo !== undefined
          ? [operation.path, operation.moveTo]
          : [operation.path],
      );
    }
    default:
      return [];
  }
}

/**
 * A recorder whose decorator resolves each path through the session's workspace (so it reads
 * nothing the tool could not write) and keeps the whole text before and after the call.
 */
export function createFileChangeRecorder(workspace: () => Workspace | undefined): FileChangeRecorder {
  const recorded = new Map<string, FileChange[]>();
  const decorator: ToolDecorator = async (invocation, next) => {
    const current = workspace();
    const requested = current ? editedPaths(invocation.tool.definition.name, invocation.input?.value) : [];
    if (!current || requested.length === 0) return next();
    const resolutions = await Promise.all(requested.map((path) => current.resolveWritable(path)));
    const paths = [
      ...new Set(
        resolutions.flatMap((resolution) =>
          resolution.status === 'success' ? [resolution.output.absolutePath] : [],
        ),
      ),
    ];
    const before = await Promise.all(paths.map(readShownText));
    const result = await next();
    if (result.status !== 'success') return result;
    const after = await Promise.all(paths.map(readShownText));
    const changes = paths.flatMap((path, index): FileChange[] => {
      const oldText = before[index];
      const newText = after[index];
      if (oldText === undefined || newText === undefined || oldText === newText) return [];
      return [{ path, oldText, newText }];
    });
    if (changes.length > 0) recorded.set(invocation.call.id, changes);
    return result;
  };
  return {
    decorator,
    take(callId) {
      const changes = recorded.get(callId);
      recorded.delete(callId);
      return changes;
    },
  };
}
