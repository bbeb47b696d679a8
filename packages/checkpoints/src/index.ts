export type { ChangeSource, JournalRecord } from './checkpoint-journal.js';
export type { CheckpointSummary, Checkpoints, CheckpointsOptions, RestoreResult } from './checkpoints.js';
export type { FileEntry } from './file-entry.js';
export {
  DEFAULT_MAX_CHECKPOINT_FILE_BYTES,
  DEFAULT_MAX_CHECKPOINT_STORE_BYTES,
  openCheckpoints,
} from './open-checkpoints.js';
export type { ChangeTracking, CheckpointExclude } from './tracked-tree.js';
