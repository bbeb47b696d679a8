import { type ChangeTracking, type Checkpoints, openCheckpoints } from '@toolgate/checkpoints';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { createConfiguredWorkspace } from '../session/create-session-tools.js';
import { checkpointExclusion } from './checkpoint-exclusion.js';

/** Options of {@link openSessionCheckpoints}. */
export interface SessionCheckpointsOptions {
  /** The session's checkpoint directory (`join(sessionDirectory(stateDir, id), 'checkpoints')`). */
  readonly directory: string;
  /** @default 'watch' */
  readonly tracking?: ChangeTracking;
}

/**
 * Opens a session's checkpoints outside a running session (`toolgate rewind`): the workspace of
 * the settings decides what they exclude, as it does for the session's own tools. Tracking starts
 * only when `start` or `beforeTurn` is called, so listing and restoring never walk the tree.
 */
export function openSessionCheckpoints(
  settings: SessionSettings,
  options: SessionCheckpointsOptions,
): Promise<Checkpoints> {
  const workspace = createConfiguredWorkspace(settings.root, settings.config, {
    readPolicy: settings.readPolicy,
    unreachablePaths: settings.unreachablePaths,
  });
  return openCheckpoints({
    workspaceRoot: workspace.root,
    directory: options.directory,
    exclude: checkpointExclusion(workspace),
    ...(options.tracking ? { tracking: options.tracking } : {}),
  });
}
