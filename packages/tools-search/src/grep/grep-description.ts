/** Model-facing description of `grep`. */
export const GREP_DESCRIPTION = `Search file contents with a regular expression (ripgrep syntax), line by line. Returns one entry per matching line: {file, line, content}, sorted by file, then line.
- pattern: the regular expression, e.g. \`function\\s+\\w+\` or \`TODO|FIXME\`. Escape regex characters for a literal search (\`\\.\`, \`\\(\`).
- path: directory or file to search (default: the workspace root).
- include: only search files matching this glob: on the file name (\`*.ts\`, \`*.{js,jsx}\`), or on the path relative to \`path\` when it contains \`/\`.
- caseInsensitive: ignore case (default false).
- maxResults: most matching lines returned (default 100); \`truncated\` is true when more matched. Narrow the search rather than raising it far.
Hidden files are included; .git, node_modules, files ignored by .gitignore / .ignore / .rgignore, binary files and files over 10 MiB are skipped. Very long lines are clipped.`;
