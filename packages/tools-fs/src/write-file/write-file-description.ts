/** What the model reads about `write_file`. */
export const WRITE_FILE_DESCRIPTION = [
  'Write a UTF-8 text file inside the workspace, creating parent directories.',
  'mode: "overwrite" (default) replaces the whole file atomically, "create" fails if the file already exists, "append" adds content to the end without adding a newline.',
  'Paths outside the workspace, through symlinks that leave it, or under .git, node_modules, .ssh, .aws or .gnupg are refused.',
  'To change part of an existing file, prefer edit or apply_patch over rewriting it.',
  'Returns {path, resolvedPath, mode, created, appended, bytesWritten}.',
].join(' ');
