import type { Node } from 'web-tree-sitter';
import type { CommandLineAnalysis, SimpleCommand, StaticWord } from './command-line-analysis.js';
import { readShell } from './shell-parser.js';
import { staticWord } from './static-word.js';
import { commandName, unwrapCommand } from './unwrap-command.js';

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'busybox']);
const WRITE_OPERATORS = new Set(['>', '>>', '&>', '&>>', '>|', '<>']);
const DEVICE_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
/** Nested `bash -c "bash -c '…'"` deeper than this is not judged. */
const MAX_DEPTH = 8;

interface Collected {
  commands: SimpleCommand[];
  writeTargets: StaticWord[];
  unreadable?: string;
}

function simpleCommandOf(node: Node): SimpleCommand {
  const words: StaticWord[] = [];
  const assignments: string[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'variable_assignment') {
      assignments.push(child.childForFieldName('name')?.text ?? '');
    } else if (child.type === 'command_name') {
      const inner = child.namedChild(0);
      words.push(inner ? staticWord(inner) : null);
    } else if (!child.type.endsWith('redirect') && child.type !== 'comment') {
      words.push(staticWord(child));
    }
  }
  return { words, assignments };
}

/** `export A=1`, `declare -x`, `unset X`: run like commands named after their keyword. */
function keywordCommandOf(node: Node): SimpleCommand {
  const keyword = node.child(0)?.text ?? node.type;
  const words: StaticWord[] = [keyword];
  for (const child of node.namedChildren) if (child) words.push(staticWord(child));
  return { words, assignments: [] };
}

function redirectTarget(node: Node): StaticWord | undefined {
  const operator = node.children.find((child) => child && !child.isNamed)?.type ?? '';
  const destination = node.childForFieldName('destination');
  if (!destination) return undefined;
  // `2>&1`, `>&2`: a descriptor, not a file.
  if ((operator === '>&' || operator === '<&') && /^\d+$|^-$/.test(destination.text)) return undefined;
  if (!WRITE_OPERATORS.has(operator) && operator !== '>&') return undefined;
  const target = staticWord(destination);
  return target !== null && DEVICE_TARGETS.has(target) ? undefined : target;
}

function teeTargets(words: readonly StaticWord[]): StaticWord[] {
  return words.slice(1).filter((word) => word === null || !word.startsWith('-'));
}

const SHELL_SCRIPT_FLAG = /^-[a-zA-Z]*c[a-zA-Z]*$/;

/** `bash -c 'static script' [args]` or `eval static words`, with nothing else that could run code. */
function isPlainContainer(command: SimpleCommand): boolean {
  const [first, flag, script] = command.words;
  const name = commandName(first ?? null);
  if (name === 'eval') return command.words.length > 1 && !command.words.includes(null);
  return (
    name !== null &&
    SHELLS.has(name) &&
    flag != null &&
    /^-[elc]*c[elc]*$/.test(flag) &&
    typeof script === 'string'
  );
}

/** Collects the commands and write targets of one parsed tree; returns the scripts nested in it. */
function collectTree(root: Node | undefined, into: Collected): string[] {
  if (!root) {
    into.unreadable ??= 'the shell parser could not run';
    return [];
  }
  if (root.hasError) {
    into.unreadable ??= 'the line is not valid shell syntax';
    return [];
  }
  const nested: string[] = [];
  // An explicit stack: a hostile line nested thousands deep must not overflow the call stack.
  const pending: Node[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    let command: SimpleCommand | undefined;
    if (node.type === 'command') command = simpleCommandOf(node);
    else if (node.type === 'declaration_command' || node.type === 'unset_command')
      command = keywordCommandOf(node);
    else if (node.type === 'file_redirect') {
      const target = redirectTarget(node);
      if (target !== undefined) into.writeTargets.push(target);
    }
    if (command) {
      // `bash -c 'script'` and `eval words` only run what they contain, which is judged instead.
      if (!isPlainContainer(command)) into.commands.push(command);
      for (const reading of unwrapCommand(command.words)) {
        const name = commandName(reading.words[0] ?? null);
        if (name === 'tee') into.writeTargets.push(...teeTargets(reading.words));
        if (name === 'eval') {
          const words = reading.words.slice(1);
          if (words.includes(null)) into.unreadable ??= 'eval of a string known only when the line runs';
          else nested.push(words.join(' '));
        }
        if (name !== null && SHELLS.has(name)) {
          const flag = reading.words.findIndex(
            (word, index) => index > 0 && word !== null && SHELL_SCRIPT_FLAG.test(word),
          );
          if (flag !== -1) {
            const script = reading.words[flag + 1];
            if (script === null || script === undefined)
              into.unreadable ??= `${name} -c with a script known only when the line runs`;
            else nested.push(script);
          }
        }
      }
    }
    const children = node.children;
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child) pending.push(child);
    }
  }
  return nested;
}

async function collect(text: string, depth: number, into: Collected): Promise<void> {
  if (depth > MAX_DEPTH) {
    into.unreadable ??= `shell commands nested more than ${MAX_DEPTH} deep`;
    return;
  }
  const nested = await readShell(text, (root) => collectTree(root, into));
  for (const script of nested) await collect(script, depth + 1, into);
}

/**
 * Splits a command line into every simple command the shell would run — across `;`, `&&`, `||`,
 * pipes, `$(…)`, backticks, subshells, process substitution, `bash -c '…'` and `eval` — and the
 * paths its redirections write. A line that cannot be read says why in `unreadable`.
 */
export async function analyzeCommandLine(text: string): Promise<CommandLineAnalysis> {
  const collected: Collected = { commands: [], writeTargets: [] };
  await collect(text, 0, collected);
  return collected.unreadable === undefined
    ? { commands: collected.commands, writeTargets: collected.writeTargets }
    : {
        commands: collected.commands,
        writeTargets: collected.writeTargets,
        unreadable: collected.unreadable,
      };
}
