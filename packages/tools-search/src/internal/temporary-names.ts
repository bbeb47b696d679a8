import { TEMPORARY_NAME_GLOB } from '@toolgate/core/workspace-io';

/**
 * The `--iglob` that keeps `rg` off the workspace's own temporary files of atomic writes: core's
 * {@link TEMPORARY_NAME_GLOB}, the names `workspace.checkReadable` refuses (both compare without
 * regard to case). The read filter drops them from both engines' results anyway; pruned here too,
 * `rg` never reads one, so its count of files searched is the Node engine's.
 */
export const RIPGREP_TEMPORARY_FLAGS: readonly string[] = ['--iglob', `!${TEMPORARY_NAME_GLOB}`];
