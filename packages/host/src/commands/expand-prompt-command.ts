import type { PromptCommand } from './prompt-command.js';

/**
 * The words of a command's arguments for `$1`, `$2` …: split on white space, a `"…"` or `'…'`
 * span kept as one word without its quotes.
 */
export function splitCommandArguments(args: string): string[] {
  const words: string[] = [];
  for (const match of args.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g))
    words.push(match[1] ?? match[2] ?? match[3] ?? '');
  return words;
}

/**
 * The prompt a command sends for `args` (the text after its name): the body with `$ARGUMENTS`
 * replaced by `args` and `$1` … `$9` by its words (an absent one by nothing), in one pass, so
 * arguments that contain `$1` or `$ARGUMENTS` are sent as typed. A body with neither gets the
 * arguments on a last line `ARGUMENTS: …`, as Claude Code does. Everything else (`!`cmd``,
 * `@file`) stays text for the model: nothing is run or read here.
 */
export function expandPromptCommand(command: PromptCommand, args: string): string {
  const trimmed = args.trim();
  const words = splitCommandArguments(trimmed);
  let placed = false;
  const text = command.body.replace(/\$(ARGUMENTS|[1-9])/g, (_match, key: string) => {
    placed = true;
    return key === 'ARGUMENTS' ? trimmed : (words[Number(key) - 1] ?? '');
  });
  return placed || trimmed === '' ? text : `${text}\n\nARGUMENTS: ${trimmed}`;
}
