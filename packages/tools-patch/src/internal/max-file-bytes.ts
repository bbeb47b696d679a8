/**
 * The largest file `edit` and `apply_patch` read. Both hold a file whole in memory (as bytes, as
 * text and as its lines) to rewrite it atomically, and V8 cannot hold a string much over 512 MiB.
 */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;
