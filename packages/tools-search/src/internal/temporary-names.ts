/**
 * The `--glob` that keeps `rg` off the workspace's own temporary files of atomic writes: core's
 * `temporaryName` shape, `.<name>.<12 lowercase hex digits>.toolgate-tmp`, the names
 * `workspace.checkReadable` refuses. The read filter drops them from both engines' results anyway;
 * pruned here too, `rg` never reads one, so its count of files searched is the Node engine's.
 */
export const RIPGREP_TEMPORARY_FLAGS: readonly string[] = [
  '--glob',
  `!.?*.${'[0-9a-f]'.repeat(12)}.toolgate-tmp`,
];
