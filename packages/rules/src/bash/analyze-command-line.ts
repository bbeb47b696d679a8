import type { Node } from 'web-tree-sitter';
import { isCommandValued, isInertAssignment, isSourcedFile } from './assignment-names.js';
import type { CommandLineAnalysis, SimpleCommand, StaticWord } from './command-line-analysis.js';
import { commandName } from './command-name.js';
import { nodeKindAsks } from './node-kinds.js';
import { invocationOf, isShell } from './shell-invocation.js';
import { readShell } from './shell-parser.js';
import { staticWord } from './static-word.js';
import { textRunningCapability } from './text-running-programs.js';
import { unwrapCommand } from './unwrap-command.js';

const WRITE_OPERATORS = new Set(['>', '>>', '&>', '&>>', '>|', '<>']);
const READ_OPERATORS = new Set(['<', '<>', '<&']);
const DEVICE_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
/** Nested `bash -c "bash -c '…'"` deeper than this is not judged. */
const MAX_DEPTH = 8;
const ARITHMETIC_TESTS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
/** Tokens of `${…}` that only read a value: the rest index, indirect, transform, offset or assign. */
const PLAIN_EXPANSION_TOKENS = new Set([
  '${',
  '}',
  '#',
  '##',
  '%',
  '%%',
  '/',
  '//',
  '/#',
  '/%',
  ':-',
  '-',
  ':+',
  '+',
  ':?',
  '?',
  ',',
  ',,',
  '^',
  '^^',
]);
/** Arithmetic nodes that hold only operators and numbers when every operand is a literal. */
const ARITHMETIC_NODES = new Set([
  'arithmetic_expansion',
  'binary_expression',
  'unary_expression',
  'ternary_expression',
  'postfix_expression',
  'parenthesized_expression',
  'number',
]);
/** Git config keys whose value git runs as a command line. */
const GIT_COMMAND_KEY =
  /^(alias\..*|core\.(pager|editor|sshcommand|fsmonitor|askpass|gitproxy)|sequence\.editor|diff\.external|diff\..*\.(command|textconv)|merge\..*\.driver|filter\..*\.(clean|smudge|process)|credential(\..*)?\.helper|gpg(\..*)?\.program|pager\..*|uploadpack\.packobjectshook|web\.browser|browser\..*\.cmd)$/i;

interface Collected {
  commands: SimpleCommand[];
  writeTargets: StaticWord[];
  readTargets: StaticWord[];
  unreadable?: string;
  unjudged?: string;
  opaque?: string;
}

/** A construct no rule may allow; `opaque` when it also runs code the analyzer cannot read. */
function refuse(into: Collected, why: string, opaque = false): void {
  into.unjudged ??= why;
  if (opaque) into.opaque ??= why;
}

const isVariableName = (name: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
/** Lower-case names are the shell's own variables; `*_proxy` are read by network tools. */
const isShellLocal = (name: string) => /^[a-z_][a-z0-9_]*$/.test(name) && !name.endsWith('_proxy');

/** Judges assigning `name` (a value `value`, when it is one): inert, run as commands, or asks. */
function judgeName(name: string, value: StaticWord | undefined, into: Collected, nested: string[]): void {
  if (!isVariableName(name)) {
    refuse(into, `an assignment of ${JSON.stringify(name)}`, true);
    return;
  }
  if (isInertAssignment(name) || isShellLocal(name)) return;
  if (isCommandValued(name)) {
    if (value === null) {
      refuse(into, `${name} set to a command known only when the line runs`, true);
      return;
    }
    if (value === undefined) refuse(into, `${name} set to a value the analyzer does not see`);
    // Git runs an alias value after `!` as a command line.
    else if (value !== '') nested.push(value.replace(/^!/, ''));
    return;
  }
  if (isSourcedFile(name)) {
    refuse(into, `${name}, a file bash reads and runs`, true);
    return;
  }
  refuse(into, `an assignment of ${name}, which can change what a later command resolves or reads`);
}

function judgeAssignment(node: Node, into: Collected, nested: string[]): void {
  const target = node.childForFieldName('name');
  // `a[i]=v`: the subscript is judged as its own node.
  const name = target?.type === 'subscript' ? (target.namedChild(0)?.text ?? '') : (target?.text ?? '');
  const valueNode = node.childForFieldName('value');
  judgeName(name, valueNode ? staticWord(valueNode) : '', into, nested);
}

const WORD_KINDS = new Set([
  'word',
  'string',
  'raw_string',
  'ansi_c_string',
  'translated_string',
  'concatenation',
  'number',
  'simple_expansion',
  'expansion',
  'command_substitution',
  'process_substitution',
  'brace_expression',
]);

/**
 * `git <<EOF push`: words after a here-doc operator on its line are the command's arguments, which
 * the grammar puts inside the here-doc redirect.
 */
function hereDocumentArguments(node: Node): Node[] {
  const parent = node.parent;
  if (parent?.type !== 'redirected_statement' || parent.childForFieldName('body')?.id !== node.id) return [];
  const found: Node[] = [];
  for (const redirect of parent.namedChildren) {
    if (redirect?.type !== 'heredoc_redirect') continue;
    const row = redirect.startPosition.row;
    for (const child of redirect.namedChildren)
      if (child && WORD_KINDS.has(child.type) && child.startPosition.row === row) found.push(child);
  }
  return found;
}

/** The body of a here-doc as bash reads it: the source lines between its operator's line and its delimiter. */
function hereDocumentText(redirect: Node): string | undefined {
  const start = redirect.namedChildren.find((child) => child?.type === 'heredoc_start');
  const end = redirect.namedChildren.find((child) => child?.type === 'heredoc_end');
  if (!start || !end) return undefined;
  let root: Node = redirect;
  while (root.parent) root = root.parent;
  const lines = root.text.split('\n').slice(start.endPosition.row + 1, end.startPosition.row);
  const stripTabs = redirect.children.some((child) => child?.type === '<<-');
  return (
    lines.map((line) => (stripTabs ? line.replace(/^\t+/, '') : line)).join('\n') +
    (lines.length > 0 ? '\n' : '')
  );
}

/**
 * Whether the grammar read a here-doc as bash does: nothing of it but its body on the body's
 * lines (tree-sitter-bash reads a body that starts with `\` as words of the command).
 */
function isFaithfulHereDocument(redirect: Node): boolean {
  const start = redirect.namedChildren.find((child) => child?.type === 'heredoc_start');
  const text = hereDocumentText(redirect);
  if (!start || text === undefined) return false;
  for (const child of redirect.namedChildren) {
    if (!child || ['heredoc_start', 'heredoc_body', 'heredoc_end'].includes(child.type)) continue;
    if (child.startPosition.row > start.endPosition.row) return false;
  }
  const body = redirect.namedChildren.find((child) => child?.type === 'heredoc_body');
  const normalize = (value: string) =>
    value
      .split('\n')
      .map((line) => line.replace(/^\t+/, ''))
      .join('\n')
      .trimEnd();
  return normalize(body?.text ?? '') === normalize(text);
}

/**
 * `git >/dev/null push origin`, `exec 3>&1 rm x`: words after a redirection's target are the
 * command's arguments, which the grammar puts inside the redirection.
 */
function redirectionArguments(node: Node): Node[] {
  const redirects = node.namedChildren.filter((child): child is Node => child?.type === 'file_redirect');
  const parent = node.parent;
  if (parent?.type === 'redirected_statement' && parent.childForFieldName('body')?.id === node.id)
    for (const child of parent.namedChildren) if (child?.type === 'file_redirect') redirects.push(child);
  return redirects.flatMap((redirect) =>
    redirect
      .childrenForFieldName('destination')
      .slice(1)
      .filter((child): child is Node => child !== null),
  );
}

function simpleCommandOf(node: Node, into: Collected, nested: string[]): SimpleCommand {
  const placed: { at: number; word: StaticWord }[] = [];
  const assignments: string[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'variable_assignment') {
      assignments.push(child.childForFieldName('name')?.text ?? '');
      judgeAssignment(child, into, nested);
    } else if (child.type === 'command_name') {
      const inner = child.namedChild(0);
      placed.push({ at: child.startIndex, word: inner ? staticWord(inner) : null });
    } else if (!child.type.endsWith('redirect') && child.type !== 'comment') {
      placed.push({ at: child.startIndex, word: staticWord(child) });
    }
  }
  for (const argument of [...hereDocumentArguments(node), ...redirectionArguments(node)])
    placed.push({ at: argument.startIndex, word: staticWord(argument) });
  placed.sort((left, right) => left.at - right.at);
  return { words: placed.map(({ word }) => word), assignments };
}

/** `export A=1`, `declare -x`: judged like assignments when they have no option. */
function judgeDeclaration(node: Node, into: Collected, nested: string[]): SimpleCommand {
  const keyword = node.child(0)?.text ?? node.type;
  const words: StaticWord[] = [keyword];
  for (const child of node.namedChildren) {
    if (!child) continue;
    words.push(staticWord(child));
    if (child.type === 'variable_assignment') judgeAssignment(child, into, nested);
    else if (child.type === 'variable_name') judgeName(child.text, undefined, into, nested);
    else refuse(into, `\`${keyword} ${child.text}\`: an option or name the analyzer does not judge`);
  }
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

/** The path an input redirection reads (`< file`, `<> file`), `null` when not static; else `undefined`. */
function readTarget(node: Node): StaticWord | undefined {
  const operator = node.children.find((child) => child && !child.isNamed)?.type ?? '';
  const destination = node.childForFieldName('destination');
  if (!destination || !READ_OPERATORS.has(operator)) return undefined;
  if (/^\d+$|^-$/.test(destination.text)) return undefined;
  return staticWord(destination);
}

function teeTargets(words: readonly StaticWord[]): StaticWord[] {
  return words.slice(1).filter((word) => word === null || !word.startsWith('-'));
}

/** Text a redirection puts on standard input: static, or `unknown`. */
function redirectedInput(redirect: Node): { text: string } | 'unknown' | undefined {
  if (redirect.type === 'herestring_redirect') {
    const word = redirect.namedChildren.at(-1);
    const value = word ? staticWord(word) : null;
    return value === null ? 'unknown' : { text: `${value}\n` };
  }
  if (redirect.type === 'heredoc_redirect') {
    const body = redirect.namedChildren.find((child) => child?.type === 'heredoc_body');
    const text = hereDocumentText(redirect);
    if (text === undefined || !isFaithfulHereDocument(redirect)) return 'unknown';
    const quoted = /['"\\]/.test(
      redirect.namedChildren.find((child) => child?.type === 'heredoc_start')?.text ?? '',
    );
    if (body?.namedChildren.some((part) => part?.type !== 'heredoc_content')) return 'unknown';
    // Unquoted, bash expands `$`, backticks and backslashes in the body.
    if (!quoted && /[$`\\]/.test(text)) return 'unknown';
    return { text };
  }
  if (redirect.type === 'file_redirect') {
    const operator = redirect.children.find((child) => child && !child.isNamed)?.type ?? '';
    if (
      READ_OPERATORS.has(operator) &&
      !/^\d+$|^-$/.test(redirect.childForFieldName('destination')?.text ?? '')
    )
      return 'unknown';
  }
  return undefined;
}

/** `echo static words` / `printf 'static'` before a pipe: the text it writes, else `unknown`. */
function literalOutput(node: Node): { text: string } | 'unknown' {
  if (node.type !== 'command') return 'unknown';
  const { words } = simpleCommandOf(node, { commands: [], writeTargets: [], readTargets: [] }, []);
  if (words.includes(null)) return 'unknown';
  const [name, ...args] = words as string[];
  if (name === 'echo') {
    while (args[0] === '-n' || args[0] === '-E') args.shift();
    if (args[0]?.startsWith('-')) return 'unknown';
    return { text: `${args.join(' ')}\n` };
  }
  if (name === 'printf' && args.length === 1 && !/[%\\]/.test(args[0]!)) return { text: args[0]! };
  return 'unknown';
}

/**
 * What a command reads on standard input: literal text the analyzer can read (`<<< 'x'`, a
 * here-doc, `echo x |`), `unknown` (a file, a pipe, a redirected compound around it), or `none`.
 */
function standardInput(node: Node): { text: string } | 'unknown' | 'none' {
  for (const child of node.namedChildren) {
    const input = child ? redirectedInput(child) : undefined;
    if (input !== undefined) return input;
  }
  let current: Node = node;
  let first = true;
  for (let parent = node.parent; parent; current = parent, parent = parent.parent, first = false) {
    if (parent.type === 'redirected_statement' && parent.childForFieldName('body')?.id === current.id) {
      for (const redirect of parent.namedChildren) {
        if (!redirect || redirect.id === current.id) continue;
        const input = redirectedInput(redirect);
        if (input !== undefined) return first ? input : 'unknown';
      }
    }
    if (parent.type === 'pipeline') {
      const elements = parent.namedChildren.filter((child): child is Node => child !== null);
      const index = elements.findIndex((child) => child.id === current.id);
      // `cat <<EOF | sh`: the grammar puts the pipe inside the here-doc of the command before it.
      if (parent.parent?.type === 'heredoc_redirect') {
        const statement = parent.parent.parent;
        const body = statement?.childForFieldName('body');
        if (!first || index !== 0 || body?.type !== 'command' || body.text !== 'cat') return 'unknown';
        const input = redirectedInput(parent.parent);
        return input === undefined ? 'unknown' : input;
      }
      if (index > 0) return first ? literalOutput(elements[index - 1]!) : 'unknown';
    }
    if (parent.type === 'process_substitution' && parent.child(0)?.type === '>(') return 'unknown';
    if (parent.type === 'command_substitution' || parent.type === 'process_substitution') return 'none';
  }
  return 'none';
}

/** Judges `[[ … ]]`: string and file tests of any word; arithmetic tests and `-v` only of literals. */
function judgeTest(node: Node, into: Collected): void {
  const pending: Node[] = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const operator = current.children.find(
      (child) => child?.type === 'test_operator' || (child && !child.isNamed),
    );
    if (current.type === 'binary_expression' && operator && ARITHMETIC_TESTS.has(operator.text)) {
      const operands = current.namedChildren.filter((child) => child && child.type !== 'test_operator');
      if (!operands.every((operand) => operand && /^-?\d+$/.test(staticWord(operand) ?? '')))
        refuse(
          into,
          `\`${current.text}\`: bash evaluates the operands of ${operator.text} as arithmetic`,
          true,
        );
    }
    if (current.type === 'unary_expression' && operator && ['-v', '-R'].includes(operator.text)) {
      const operand = current.namedChildren.find((child) => child && child.type !== 'test_operator');
      if (!operand || !isVariableName(staticWord(operand) ?? ''))
        refuse(into, `\`${current.text}\`: bash evaluates a subscript of the name it tests`, true);
    }
    for (const child of current.namedChildren) if (child) pending.push(child);
  }
}

/** Whether an arithmetic node holds only number literals (so no variable's text is evaluated). */
function isLiteralArithmetic(node: Node): boolean {
  const pending: Node[] = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const child of current.namedChildren) {
      if (!child) continue;
      if (!ARITHMETIC_NODES.has(child.type)) return false;
      pending.push(child);
    }
  }
  return true;
}

const isArithmetic = (node: Node, inTest: boolean) =>
  node.type === 'arithmetic_expansion' ||
  node.type === 'c_style_for_statement' ||
  (node.type === 'compound_statement' && node.child(0)?.type === '((') ||
  (!inTest &&
    [
      'binary_expression',
      'unary_expression',
      'ternary_expression',
      'postfix_expression',
      'parenthesized_expression',
    ].includes(node.type));

/** The names a builtin assigns (`read NAME`, `printf -v NAME`, `getopts OPTS NAME`). */
function assignedNames(name: string, words: readonly StaticWord[]): StaticWord[] | undefined {
  if (name === 'read' || name === 'mapfile' || name === 'readarray') {
    const names: StaticWord[] = [];
    for (let index = 1; index < words.length; index += 1) {
      const word = words[index] ?? null;
      // `read -a NAME` assigns NAME; the other options' values are not names.
      if (word !== null && /^-[a-zA-Z]*a$/.test(word)) {
        names.push(words[index + 1] ?? null);
        index += 1;
      } else if (word !== null && /^-[a-zA-Z]*[dinNptuC]$/.test(word)) index += 1;
      else if (word === null || !word.startsWith('-')) names.push(word);
    }
    return names;
  }
  if (name === 'printf') {
    const option = words.indexOf('-v');
    return option === -1 ? [] : [words[option + 1] ?? null];
  }
  if (name === 'getopts') return words.slice(2, 3);
  return undefined;
}

/** Judges the builtins and programs that run strings or change how later names resolve. */
function judgeReading(words: readonly StaticWord[], node: Node, into: Collected, nested: string[]): void {
  const name = commandName(words[0] ?? null);
  if (name === null) return;
  if (name === 'tee') into.writeTargets.push(...teeTargets(words));
  if (name === 'eval') {
    const rest = words[1] === '--' ? words.slice(2) : words.slice(1);
    if (rest.includes(null)) refuse(into, 'eval of a string known only when the line runs', true);
    else nested.push(rest.join(' '));
  }
  if (name === 'trap') {
    const args = words.slice(1).filter((word) => word === null || !/^(-[lp]+|--)$/.test(word));
    if (args.length >= 2) {
      const action = args[0];
      if (action === null || action === undefined)
        refuse(into, 'trap of a string known only when it runs', true);
      else if (action !== '-' && action !== '') nested.push(action);
    }
  }
  if (name === 'alias') {
    for (const word of words.slice(1)) {
      if (word === null) refuse(into, 'an alias known only when the line runs', true);
      else if (word.includes('=')) nested.push(word.slice(word.indexOf('=') + 1));
    }
    refuse(into, 'an alias changes what a later command name runs');
  }
  if (name === 'mapfile' || name === 'readarray') {
    // `-C CALLBACK` is evaluated as a command line every `-c` lines.
    const option = words.findIndex((word) => word !== null && /^-[a-zA-Z]*C/.test(word));
    if (option !== -1) {
      const word = words[option]!;
      const callback = word.endsWith('C') ? (words[option + 1] ?? null) : word.slice(word.indexOf('C') + 1);
      if (callback === null) refuse(into, `a ${name} callback known only when it runs`, true);
      else nested.push(callback);
    }
  }
  if (name === 'source' || name === '.')
    refuse(into, `\`${name}\` runs a file's commands, which the analyzer does not read`, true);
  if (
    (name === 'hash' && words.includes('-p')) ||
    (name === 'enable' && words.some((word) => word?.startsWith('-f')))
  )
    refuse(into, `\`${name}\` changes what a later command name runs`, true);
  if (name === 'let')
    refuse(
      into,
      '`let` evaluates arithmetic',
      !words.slice(1).every((word) => word !== null && /^[\d\s+*/%()-]*$/.test(word)),
    );
  if (name === 'unset' || name === 'shopt' || name === 'set' || name === 'declare' || name === 'typeset')
    refuse(
      into,
      `\`${name}\` changes how later commands are read`,
      words.slice(1).some((word) => word === null || word.includes('[')),
    );
  const names = assignedNames(name, words);
  for (const assigned of names ?? []) {
    if (assigned === null || assigned.includes('['))
      refuse(into, `\`${name}\` assigns a name known only when it runs`, true);
    else judgeName(assigned, undefined, into, nested);
  }
  if (name === 'git') judgeGit(words, into, nested);
  const capability = textRunningCapability(words);
  if (capability !== undefined) refuse(into, `\`${name}\`: ${capability}`, true);
  const invocation = invocationOf(words);
  if (invocation === undefined || invocation.kind === 'module') return;
  if (invocation.kind === 'file') {
    // A script file, or a program given inline to an interpreter other than a shell: code the
    // analyzer does not read (awk's programs are judged by its table).
    if (!/^[gmn]?awk$/.test(name))
      into.opaque ??= `\`${name}\` runs a script file or inline program, which the analyzer cannot read`;
    return;
  }
  if (invocation.kind === 'unknown') {
    refuse(into, `\`${name}\` with arguments known only when it runs`, true);
    return;
  }
  if (invocation.kind === 'string') {
    if (invocation.script === null)
      refuse(into, `${name} -c with a script known only when the line runs`, true);
    else if (isShell(words)) nested.push(invocation.script);
    return;
  }
  const input = standardInput(node);
  if (input === 'none') return;
  if (input === 'unknown') {
    refuse(into, `${name} reads a program from standard input, which the analyzer cannot read`, true);
    return;
  }
  // A literal program for another interpreter is judged like `python3 -c '…'`, which a rule for
  // the interpreter allows; a deny rule cannot read it.
  if (!isShell(words)) {
    into.opaque ??= `${name} reads a program from standard input, which the analyzer cannot read`;
    return;
  }
  nested.push(input.text);
}

/** `git -c NAME=VALUE`: a value git runs is judged as commands; any `-c` keeps the line from being allowed. */
function judgeGit(words: readonly StaticWord[], into: Collected, nested: string[]): void {
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index];
    if (word === null || word === undefined) return;
    if (word === '-c' || word === '--config-env') {
      const setting = words[index + 1];
      index += 1;
      if (setting === null || setting === undefined || word === '--config-env') {
        refuse(into, 'git configuration known only when it runs', true);
        return;
      }
      const equals = setting.indexOf('=');
      const key = equals === -1 ? setting : setting.slice(0, equals);
      const value = equals === -1 ? '' : setting.slice(equals + 1);
      refuse(into, `\`git -c ${key}\` changes what git runs`);
      if (/^alias\./i.test(key)) nested.push(value.startsWith('!') ? value.slice(1) : `git ${value}`);
      else if (GIT_COMMAND_KEY.test(key)) nested.push(value);
      else if (/^(include|includeif)\./i.test(key))
        refuse(into, `\`git -c ${key}\` reads configuration from a file`, true);
      continue;
    }
    if (word.startsWith('--exec-path') || word.startsWith('--config-env=')) {
      refuse(into, `\`git ${word}\``, true);
      return;
    }
    if (word === '-C' || word === '--git-dir' || word === '--work-tree' || word === '--namespace') {
      index += 1;
      continue;
    }
    if (!word.startsWith('-')) return;
  }
}

/** Text the grammar read as literal that bash reads as a command substitution (`` ` `` or `$(` not escaped). */
const hidesSubstitution = (text: string) => /`|\$\(/.test(text.replace(/\\./gs, '__'));

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
  const pending: { node: Node; inTest: boolean; inArithmetic: boolean }[] = [
    { node: root, inTest: false, inArithmetic: false },
  ];
  while (pending.length > 0) {
    const { node, inTest, inArithmetic } = pending.pop()!;
    let test = inTest;
    let arithmetic = inArithmetic;
    if (node.isNamed && !arithmetic) {
      if (isArithmetic(node, inTest)) {
        arithmetic = true;
        // Arithmetic on number literals only evaluates no variable's text: judged.
        if (!isLiteralArithmetic(node)) refuse(into, `arithmetic \`${node.text}\``, true);
      } else {
        const asks = nodeKindAsks(node.type);
        if (asks !== undefined) refuse(into, asks, true);
      }
    }
    switch (node.type) {
      case 'command': {
        const command = simpleCommandOf(node, into, nested);
        const { readings, scripts } = unwrapCommand(command.words);
        for (const script of scripts) {
          if (script === null) refuse(into, 'a wrapper runs a command line known only when it runs', true);
          else nested.push(script);
        }
        for (const reading of readings) judgeReading(reading.words, node, into, nested);
        // `bash -c 'static script'` and `eval static words` only run what they contain, judged instead.
        if (!isPlainContainer(command)) into.commands.push(command);
        break;
      }
      case 'declaration_command':
        into.commands.push(judgeDeclaration(node, into, nested));
        break;
      case 'unset_command':
        into.commands.push({
          words: ['unset', ...node.namedChildren.map((child) => (child ? staticWord(child) : null))],
          assignments: [],
        });
        break;
      case 'variable_assignment':
        // Prefix assignments are judged with their command.
        if (node.parent?.type !== 'command' && node.parent?.type !== 'declaration_command')
          judgeAssignment(node, into, nested);
        break;
      case 'for_statement': {
        const variable = node.childForFieldName('variable');
        if (variable) judgeName(variable.text, undefined, into, nested);
        break;
      }
      case 'test_command':
        test = true;
        judgeTest(node, into);
        break;
      case 'subscript': {
        const index = node.childForFieldName('index');
        if (index && !/^(\d+|@|\*)$/.test(index.text))
          refuse(into, `the subscript \`${node.text}\` is arithmetic`, true);
        break;
      }
      case 'expansion':
        for (const child of node.children) {
          if (!child || child.isNamed || PLAIN_EXPANSION_TOKENS.has(child.type)) continue;
          const assigns = child.type === ':=' || child.type === '=';
          refuse(into, `the expansion \`${node.text}\``, !assigns);
          break;
        }
        break;
      case 'heredoc_redirect': {
        if (!isFaithfulHereDocument(node))
          into.unreadable ??= 'a here-doc the shell parser reads differently from bash';
        const start = node.namedChildren.find((child) => child?.type === 'heredoc_start');
        const quoted = /['"\\]/.test(start?.text ?? '');
        const body = node.namedChildren.find((child) => child?.type === 'heredoc_body');
        if (
          !quoted &&
          body?.namedChildren.some((part) => part?.type === 'heredoc_content' && hidesSubstitution(part.text))
        )
          into.unreadable ??= 'a substitution in a here-doc that the shell parser did not read';
        break;
      }
      case 'word':
      case 'string_content':
        if (hidesSubstitution(node.text))
          into.unreadable ??= `a substitution the shell parser did not read in \`${node.text}\``;
        break;
      case 'command_substitution':
        // `$(<file)` puts a file's text among the line's words: what runs is known only then.
        if (
          node.namedChildren.length > 0 &&
          node.namedChildren.every((child) => child?.type === 'file_redirect')
        )
          refuse(into, `\`${node.text}\` puts a file's text in the line`);
        break;
      case 'file_redirect': {
        const target = redirectTarget(node);
        if (target !== undefined) into.writeTargets.push(target);
        const read = readTarget(node);
        if (read !== undefined) into.readTargets.push(read);
        const destination = node.childForFieldName('destination');
        const path = destination ? staticWord(destination) : null;
        // bash opens a network connection for `/dev/tcp/HOST/PORT` and `/dev/udp/…`, reading or writing.
        if (path === null && !/^\d+$|^-$/.test(destination?.text ?? ''))
          refuse(into, `a redirection of a path known only when the line runs (it may be /dev/tcp)`);
        else if (path !== null && /^\/dev\/(tcp|udp)\//.test(path))
          refuse(into, `a network connection through ${path}`);
        break;
      }
    }
    const children = node.children;
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child) pending.push({ node: child, inTest: test, inArithmetic: arithmetic });
    }
  }
  return nested;
}

/** `bash -c 'static script' [args]` or `eval static words`, with nothing else that could run code. */
function isPlainContainer(command: SimpleCommand): boolean {
  const name = commandName(command.words[0] ?? null);
  if (name === 'eval') return command.words.length > 1 && !command.words.includes(null);
  const invocation = invocationOf(command.words);
  return (
    invocation?.kind === 'string' &&
    invocation.script !== null &&
    isShell(command.words) &&
    command.words
      .slice(1)
      .every((word) => word !== null && (word.startsWith('-') || word === invocation.script))
  );
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
 * pipes, `$(…)`, backticks, subshells, process substitution, `bash -c '…'`, `eval`, strings
 * wrappers and builtins run, and literal text piped into a shell — and the paths its redirections
 * write. Every node of the parse is judged by its kind (see `NODE_KINDS`): what the analyzer does
 * not judge completely is named in `unjudged`, code it cannot read in `opaque`.
 */
export async function analyzeCommandLine(text: string): Promise<CommandLineAnalysis> {
  const collected: Collected = { commands: [], writeTargets: [], readTargets: [] };
  await collect(text, 0, collected);
  // bash joins `\<newline>` away before it reads words (`r\<newline>m` is `rm`); the grammar
  // splits there. Both readings are judged: a deny matching either denies, an allow needs both.
  if (text.includes('\\\n')) await collect(text.replaceAll('\\\n', ''), 0, collected);
  const { commands, writeTargets, readTargets, unreadable, unjudged, opaque } = collected;
  return {
    commands,
    writeTargets,
    readTargets,
    ...(unreadable !== undefined ? { unreadable } : {}),
    ...(unjudged !== undefined ? { unjudged } : {}),
    ...(opaque !== undefined ? { opaque } : {}),
  };
}
