import { escapeControlCharacters } from '@toolgate/core';

/**
 * Text from a tool, a file or an MCP server as it may reach the terminal: escape sequences, carriage
 * returns and other C0/C1 controls are shown escaped (`\e[2K`, `\r`), so a hostile file or server
 * cannot move the cursor or rewrite lines. Line feeds and tabs stay.
 */
export function shownText(value: string): string {
  return value
    .split('\t')
    .map((part) => escapeControlCharacters(part, { keepLineFeeds: true }))
    .join('\t');
}
