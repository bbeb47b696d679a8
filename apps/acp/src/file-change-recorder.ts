import type { ToolDecorator } from '@toolgate/core';
import { readShownText } from './shown-text.js';

/** One file a call changed, whole: `oldText` null when it did not exist, `newText` null once deleted. */
export interface FileChange {
  /** Real absolute path. */
  readonly path: string;
  readonly oldText: string | null;
  readonly newText: string | null;
}

/** Records what each successful call of a tool that declares the files it changes did to them. */
export interface FileChangeRecorder {
  /** Goes after approval: reads the files just before the tool runs and again after it succeeded. */
  readonly decorator: ToolDecorator;
  /** The changes a call made, handed out once; undefined when nothing was recorded. */
  take(callId: string): readonly FileChange[] | undefined;
}

/**
 * A recorder whose decorator reads the files a call's preflight declared it would change (the
 * tool's `files` preview: real paths its workspace already resolved, for edit, write_file,
 * apply_patch or any tool that declares them) and keeps their whole text before and after the call.
 */
export function createFileChangeRecorder(): FileChangeRecorder {
  const recorded = new Map<string, FileChange[]>();
  const decorator: ToolDecorator = async (invocation, next) => {
    const declared = invocation.prepared?.preview?.files ?? [];
    if (declared.length === 0) return next();
    const paths = [...new Set(declared.map((file) => file.path))];
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
