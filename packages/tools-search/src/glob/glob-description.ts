/** Model-facing description of `glob`. */
export const GLOB_DESCRIPTION = `Find files by name pattern. Returns paths relative to the workspace root, sorted by path.
- pattern: a glob relative to \`path\` (fast-glob syntax): \`*\` and \`?\` stay within one directory, \`**\` spans directories (\`**/*.ts\` also matches \`a.ts\` at the top), \`{a,b}\` alternatives, \`[abc]\` classes.
- path: directory to search (default: the workspace root).
- maxResults: most paths returned (default 1000); \`truncated\` is true when more matched.
Hidden files are included; .git and node_modules are skipped, and so are files ignored by .gitignore (inside a git repository), .ignore and .rgignore. Only files are listed, never directories; symbolic links are not followed.`;
