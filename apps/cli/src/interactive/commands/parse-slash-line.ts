import type { SlashCommand } from './slash-command.js';

/** What a line starting with `/` is: a known command with its arguments, or no command. */
export type SlashLine =
  | { readonly kind: 'command'; readonly command: SlashCommand; readonly args: string }
  | { readonly kind: 'unknown'; readonly name: string };

/**
 * Reads a line the person typed: `undefined` when it does not start with `/` (it goes to the
 * model); else the command it names (any case) and the rest, or `unknown` (sent only once the
 * person confirms: `/usr/bin/env is odd` is a question, `/mdoe` a typo).
 */
export function parseSlashLine(line: string, commands: readonly SlashCommand[]): SlashLine | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('/')) return undefined;
  const [head = ''] = trimmed.slice(1).split(/\s+/);
  const name = head.toLowerCase();
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) return { kind: 'unknown', name: head };
  return { kind: 'command', command, args: trimmed.slice(1 + head.length).trim() };
}
