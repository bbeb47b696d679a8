import type { Colors } from './colors.js';

/** A unified diff with added lines green, removed lines red and hunk headers cyan. */
export function formatDiff(diff: string, colors: Colors): string {
  return diff
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => {
      if (line.startsWith('+++') || line.startsWith('---')) return colors.bold(line);
      if (line.startsWith('@@')) return colors.cyan(line);
      if (line.startsWith('+')) return colors.green(line);
      if (line.startsWith('-')) return colors.red(line);
      return line;
    })
    .join('\n');
}
