import { join } from 'node:path';
import { escapeControlCharacters } from '@toolgate/core';
import { COMMAND_NAME_PATTERN, MAX_COMMAND_DEPTH } from './command-sources.js';
import { parseCommandFile } from './parse-command-file.js';
import type {
  CommandCatalog,
  CommandProblem,
  CommandScope,
  PromptCommand,
  ShadowedCommand,
} from './prompt-command.js';

/** The bytes of one directory's command files, as read (from trust's verified bytes, or the disk). */
export interface CommandDirectoryFiles {
  readonly scope: CommandScope;
  /** The directory, absolute. */
  readonly directory: string;
  /** Each file's bytes by path relative to the directory, with `/`. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** What its listing left out. */
  readonly problems: readonly CommandProblem[];
}

const depthFirst = (a: string, b: string) => {
  const depth = a.split('/').length - b.split('/').length;
  return depth !== 0 ? depth : a < b ? -1 : a > b ? 1 : 0;
};

/**
 * The catalog of command directories given strongest first: each name goes to the first file
 * that has it (in a directory, the shallowest, then in path order), and every later file with it
 * is listed as shadowed by that one, never dropped silently.
 */
export function buildCommandCatalog(sources: readonly CommandDirectoryFiles[]): CommandCatalog {
  const byName = new Map<string, PromptCommand>();
  const shadowed: ShadowedCommand[] = [];
  const problems: CommandProblem[] = [];
  for (const source of sources) {
    problems.push(...source.problems);
    for (const rel of [...source.files.keys()].sort(depthFirst)) {
      const file = join(source.directory, rel);
      const segments = rel.split('/');
      const stem = segments.at(-1)!.replace(/\.md$/, '');
      if (![...segments.slice(0, -1), stem].every((segment) => COMMAND_NAME_PATTERN.test(segment))) {
        problems.push({ file, reason: 'a name commands cannot take (letters, digits, . _ - only)' });
        continue;
      }
      if (segments.length - 1 > MAX_COMMAND_DEPTH) {
        problems.push({ file, reason: `deeper than ${MAX_COMMAND_DEPTH} directories; not read` });
        continue;
      }
      const parsed = parseCommandFile(source.files.get(rel)!, {
        file,
        scope: source.scope,
        namespace: segments.slice(0, -1),
        stem,
      });
      if ('problem' in parsed) {
        problems.push({ file, reason: parsed.problem });
        continue;
      }
      const winner = byName.get(parsed.command.name);
      if (winner) shadowed.push({ command: parsed.command, by: winner.file });
      else byName.set(parsed.command.name, parsed.command);
    }
  }
  const commands = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  // A problem quotes what it found (a file's name, a bad line): shown on a terminal and in an
  // editor, so its control characters are escaped (`\e`), never passed on.
  const shown = problems.map((problem) => ({
    file: escapeControlCharacters(problem.file),
    reason: escapeControlCharacters(problem.reason),
  }));
  return { commands, shadowed, problems: shown };
}

/**
 * The catalog's commands a host offers beside its own: a built-in name always wins, and a file
 * that has one is listed as shadowed by the built-in.
 */
export function commandsBesideBuiltIns(
  catalog: CommandCatalog,
  builtIns: readonly string[],
): { readonly offered: readonly PromptCommand[]; readonly shadowed: readonly ShadowedCommand[] } {
  const reserved = new Set(builtIns.map((name) => name.toLowerCase()));
  return {
    offered: catalog.commands.filter((command) => !reserved.has(command.name)),
    shadowed: [
      ...catalog.commands
        .filter((command) => reserved.has(command.name))
        .map((command) => ({ command, by: `built-in /${command.name}` })),
      ...catalog.shadowed,
    ],
  };
}

/**
 * The command a line names (`/review 42`: its name in any case, then the arguments), among
 * `commands`; `undefined` for any other line.
 */
export function promptCommandOfLine(
  commands: readonly PromptCommand[],
  line: string,
): { readonly command: PromptCommand; readonly args: string } | undefined {
  const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(line.trim());
  if (!match) return undefined;
  const name = match[1]!.toLowerCase();
  const command = commands.find((candidate) => candidate.name === name);
  return command ? { command, args: (match[2] ?? '').trim() } : undefined;
}
