import type { CheckpointExclude } from '@toolgate/checkpoints';
import type { Workspace } from '@toolgate/core';

/**
 * What checkpoints never look at, copy or restore, from the session's workspace: what walkers
 * skip (`.git`, `node_modules`), protected paths (toolgate's config, credentials), and whatever
 * no tool may read (outside the root, unreachable paths, secrets, the read policy's deny rules).
 * A checkpoint so reads only what a tool may read, and writes only where a tool may write.
 */
export function checkpointExclusion(workspace: Workspace): CheckpointExclude {
  return (path, kind) =>
    workspace.isExcluded(path) ||
    workspace.isProtected(path) ||
    workspace.checkReadable(path, kind === 'directory' ? { directory: true } : undefined) !== undefined;
}
