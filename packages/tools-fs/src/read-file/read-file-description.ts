/** What the model reads about `read_file`. */
export const READ_FILE_DESCRIPTION = [
  'Read a UTF-8 text file from the workspace (or an extra read root).',
  'Returns {path, content, startLine, endLine, truncated, hasMore}: the lines startLine..endLine joined with "\\n", without line numbers.',
  'Large files: read a window with startLine/endLine (1-based, inclusive); hasMore=true means lines remain after endLine, so continue with startLine=endLine+1.',
  'content is cut after maxChars characters (default 12000); truncated=true says it was.',
  'Binary files are refused. To list a directory or find files, use glob; to search contents, use grep.',
].join(' ');
