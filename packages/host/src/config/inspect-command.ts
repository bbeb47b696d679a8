import { lstat, realpath } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { analyzeCommandLine, type StaticWord } from '@toolgate/rules';
import { collectModuleGraph } from './collect-module-graph.js';
import { findOnPath } from './find-on-path.js';
import { identifyProgram, type ProgramRole, roleOfName } from './program-identity.js';
import { workspaceRelative } from './read-trusted-file.js';
import { splitCommandWords } from './split-command-words.js';
import type { TrustCollector } from './trust-collector.js';

/** Where a command of a trusted config runs, and what to name it in a refusal. */
export interface CommandContext {
  readonly collector: TrustCollector;
  /** Its working directory (a real path). */
  readonly cwd: string;
  /** The `PATH` it looks programs up on. */
  readonly path: string;
  /** The config key, for messages (`hooks.preToolUse[0].command in toolgate.config.json`). */
  readonly what: string;
  /** The functions the shell text being judged defines: names it runs without a lookup. */
  readonly functions?: ReadonlySet<string>;
}

/** The workspace file a command executes, and the files that go with it (a module's imports). */
export interface ExecutedFile {
  /** Which word of the command names it. */
  readonly index: number;
  /** Its path relative to the workspace root. */
  readonly rel: string;
  /** It and every file it loads that trust covers, relative to the root (copied together). */
  readonly files: readonly string[];
}

/** A command of one program with static words, and the workspace file it executes, if any. */
export interface CommandPlan {
  readonly words: readonly string[];
  readonly executed?: ExecutedFile;
}

type Family = 'shell' | 'javascript' | 'other';

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash']);
const JAVASCRIPT = new Set(['node', 'nodejs', 'tsx', 'ts-node', 'bun', 'deno']);
const OTHER_INTERPRETER = /^(?:python[\d.]*|pypy[\d.]*|ruby|perl|php|lua|luajit|Rscript)$/;

/** Shell builtins: never looked up on PATH. */
const BUILTINS = new Set([
  ':',
  'true',
  'false',
  'exit',
  'return',
  'echo',
  'printf',
  'test',
  '[',
  'read',
  'cd',
  'pwd',
  'export',
  'unset',
  'set',
  'shift',
  'local',
  'wait',
  'trap',
  'type',
  'readonly',
  'break',
  'continue',
  'umask',
  'getopts',
  'let',
  'declare',
  'typeset',
]);

function familyOf(name: string): Family | undefined {
  if (SHELLS.has(name)) return 'shell';
  if (JAVASCRIPT.has(name)) return 'javascript';
  return OTHER_INTERPRETER.test(name) ? 'other' : undefined;
}

function quote(word: StaticWord): string {
  return word === null ? '(a value known only when it runs)' : JSON.stringify(word);
}

/** The workspace-relative path a word names as `cwd` sees it, through any link, when it lies inside. */
async function workspacePathOf(word: string, context: CommandContext): Promise<string | undefined> {
  const absolute = resolve(context.cwd, word);
  const lexical = workspaceRelative(context.collector.root, absolute);
  if (lexical !== undefined) return lexical;
  try {
    return workspaceRelative(context.collector.root, await realpath(absolute));
  } catch {
    return undefined;
  }
}

/** Whether a workspace path names something that exists and is not a directory. */
async function isFileLike(root: string, rel: string): Promise<boolean> {
  try {
    return !(await lstat(resolve(root, rel))).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The file a program name is found at on `PATH`, when it is found only outside the workspace: a
 * directory inside it searched on the way (`.`, `node_modules/.bin`, a `bin/` of the repository) is
 * where a file written during the session would run instead, so it is refused, like a hit inside
 * it; a name found nowhere cannot be identified, so it is refused too.
 */
async function lookUpSafely(program: string, context: CommandContext): Promise<string | undefined> {
  const lookup = await findOnPath(program, context.path, context.cwd);
  const { root } = context.collector;
  const inside = lookup.directories.find(
    (directory) => directory === root || workspaceRelative(root, directory) !== undefined,
  );
  const fileInside = lookup.file !== undefined && (await workspacePathOf(lookup.file, context)) !== undefined;
  if (inside === undefined && lookup.file !== undefined && !fileInside) return lookup.file;
  context.collector.refuse(
    fileInside
      ? `${context.what}: runs ${quote(program)}, found on PATH at ${lookup.file} inside the workspace, which toolgate cannot verify there; name the file by its path instead`
      : inside !== undefined
        ? `${context.what}: runs ${quote(program)}, looked up on a PATH that searches ${inside} inside the workspace, where a file written later would run instead; take that directory off PATH or name the program by its full path`
        : `${context.what}: runs ${quote(program)}, which is not found on PATH, so toolgate cannot tell what it is`,
  );
  return undefined;
}

/** Why a program or script of each role is refused. */
function roleRefusal(role: ProgramRole, written: string, real: string, what: string): string {
  const as = written === real || !written.includes('/') ? '' : ` (${real})`;
  switch (role) {
    case 'runner':
      return `${what}: runs ${quote(written)}${as}, which runs what the workspace declares (package scripts, a Makefile, another command line) and toolgate cannot verify; name a script file in the workspace instead (toolgate digests and protects it)`;
    case 'fetcher':
      return `${what}: runs ${quote(written)}${as}, which runs a package from the workspace's node_modules or its cache, and toolgate cannot verify those files (a node_modules written later would run instead)`;
    case 'wrapper':
      return `${what}: runs a program through ${quote(written)}${as}, which toolgate cannot follow; name the program itself`;
    case 'installed':
      return `${what}: runs ${quote(written)} (${real}), installed package code under node_modules whose files and dependencies toolgate cannot verify; name a script of your own instead`;
  }
}

/**
 * Identifies a program or script outside the workspace by the file that runs (links resolved);
 * refuses a runner, fetcher, wrapper or installed package by any spelling, and one it cannot find.
 * Returns the name the real file goes by, when trust may run it.
 */
async function identifyOutside(
  written: string,
  absolute: string,
  context: CommandContext,
  kind: 'program' | 'script',
): Promise<string | undefined> {
  const identity = await identifyProgram(absolute);
  if (!identity.ok) {
    context.collector.refuse(
      `${context.what}: runs ${quote(written)}, a ${kind} toolgate cannot find (${absolute}), so cannot tell what it is`,
    );
    return undefined;
  }
  if (identity.role !== undefined) {
    context.collector.refuse(roleRefusal(identity.role, written, identity.real, context.what));
    return undefined;
  }
  return identity.name;
}

/** The family of a script run by its own first line (`#!`), or a refusal. */
async function familyOfScript(
  content: Buffer,
  rel: string,
  context: CommandContext,
): Promise<Family | undefined> {
  if (content.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) return 'other';
  const text = content.subarray(0, 256).toString('utf8');
  // No interpreter line: the shell runs it as a shell script.
  if (!text.startsWith('#!')) return 'shell';
  const parts = text.slice(2).split('\n')[0]!.trim().split(/\s+/);
  const where = `${context.what}: ${rel}`;
  let interpreter = parts[0] ?? '';
  let options = parts.slice(1);
  if (basename(interpreter) === 'env') {
    // `#!/usr/bin/env [-S] PROGRAM`: any other option or an assignment is refused, as `env` is
    // on a command line.
    const words = options[0] === '-S' ? options.slice(1) : options;
    const next = words[0] ?? '';
    if (next.startsWith('-') || next.includes('=')) {
      context.collector.refuse(
        next.startsWith('-')
          ? `${where}: its #! line gives env options (${quote(next)}); toolgate cannot tell what they load or run`
          : `${where}: its #! line runs env with ${quote(next)}, which toolgate cannot follow; name the interpreter alone`,
      );
      return undefined;
    }
    interpreter = next;
    options = words.slice(1);
  }
  // Options on the #! line are judged as on a command line (`node --import`, `perl -I.`); a shell
  // may only be told to stop on errors, unset variables, or trace (`-e`, `-u`, `-x`).
  const shellFlagsOnly =
    SHELLS.has(basename(interpreter)) && options.every((option) => /^-[eux]+$/.test(option));
  if (options.length > 0 && !shellFlagsOnly) {
    context.collector.refuse(
      `${where}: its #! line gives ${basename(interpreter)} options (${quote(options[0]!)}); toolgate cannot tell what they load or run`,
    );
    return undefined;
  }
  if (interpreter.includes('/') && (await workspacePathOf(interpreter, context)) !== undefined) {
    context.collector.refuse(
      `${context.what}: ${rel} is run by ${interpreter}, a program in the workspace that toolgate cannot verify`,
    );
    return undefined;
  }
  // The interpreter is judged by the file that runs, as a command's program is.
  const file = interpreter.includes('/')
    ? resolve(context.cwd, interpreter)
    : await lookUpSafely(interpreter, { ...context, what: where });
  if (file === undefined) return undefined;
  const name = await identifyOutside(interpreter, file, { ...context, what: where }, 'program');
  if (name === undefined) return undefined;
  return familyOf(name) ?? familyOf(basename(interpreter)) ?? 'other';
}

/** Reads what an executed workspace file loads in turn, by its family; returns the files to copy with it. */
async function inspectExecutedFile(
  rel: string,
  family: Family | undefined,
  context: CommandContext,
): Promise<readonly string[] | undefined> {
  const content = await context.collector.read(rel, context.what);
  if (content === undefined) return undefined;
  const kind = family ?? (await familyOfScript(content, rel, context));
  if (kind === undefined) return undefined;
  if (kind === 'javascript') return collectModuleGraph(context.collector, rel, context.what);
  if (kind === 'shell')
    await inspectShellText(content.toString('utf8'), { ...context, what: `${context.what}: ${rel}` });
  return [rel];
}

/**
 * Judges one program with its words. At the top (`nested` false) it may execute one workspace file,
 * which is digested with what it loads and later run from a verified copy; nested in a script,
 * where toolgate cannot substitute the copy, executing a workspace file is refused.
 */
async function inspectWords(
  words: readonly StaticWord[],
  context: CommandContext,
  nested: boolean,
): Promise<ExecutedFile | undefined> {
  const { collector, what } = context;
  const [program, ...args] = words;
  if (program === undefined) return undefined;
  if (program === null) {
    collector.refuse(
      `${what}: runs a program whose name is known only when it runs, which toolgate cannot verify`,
    );
    return undefined;
  }
  const name = basename(program);
  if (program === 'exec') {
    // `exec PROGRAM …` replaces the shell with the program: judge that program.
    let skip = 1;
    while (typeof words[skip] === 'string' && words[skip]!.startsWith('-'))
      skip += words[skip] === '-a' ? 2 : 1;
    // The index counts words of the whole line, so the verified copy replaces the right one.
    const executed = await inspectWords(words.slice(skip), context, nested);
    return executed && { ...executed, index: executed.index + skip };
  }
  let executed: { index: number; rel: string; family: Family | undefined } | undefined;
  // A program is judged by the file that runs, whatever word names it: the name written, and,
  // outside the workspace, the file its path or a PATH lookup reaches with every link resolved.
  let identity = name;
  const written = roleOfName(name);
  if (written !== undefined && !program.includes('/')) {
    collector.refuse(roleRefusal(written, program, program, what));
    return undefined;
  }
  if (program.includes('/')) {
    const rel = await workspacePathOf(program, context);
    if (rel !== undefined) executed = { index: 0, rel, family: undefined };
    else {
      const real = await identifyOutside(program, resolve(context.cwd, program), context, 'program');
      if (real === undefined) return undefined;
      identity = real;
    }
  } else if (!BUILTINS.has(program) && !context.functions?.has(program)) {
    const file = await lookUpSafely(program, context);
    if (file === undefined) return undefined;
    const real = await identifyOutside(program, file, context, 'program');
    if (real === undefined) return undefined;
    identity = real;
  }
  const family = familyOf(identity) ?? familyOf(name);
  const runtime = familyOf(identity) !== undefined ? identity : name;
  if (executed === undefined && family !== undefined) {
    let index = 1;
    if ((runtime === 'deno' || runtime === 'bun') && args[0] === 'run') {
      if (runtime === 'bun') {
        collector.refuse(
          `${what}: runs "bun run", which may run a package.json script toolgate cannot verify; use "bun FILE"`,
        );
        return undefined;
      }
      index = 2;
    } else if (runtime === 'deno') {
      collector.refuse(
        `${what}: runs "deno ${args[0] ?? ''}", which toolgate cannot verify; use "deno run FILE"`,
      );
      return undefined;
    }
    const script = words[index];
    if (family === 'shell' && typeof script === 'string' && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(script)) {
      // `sh -c 'text'`: the text is read as shell, and may run nothing from the workspace.
      const text = words[index + 1];
      if (typeof text !== 'string') {
        collector.refuse(
          `${what}: ${name} -c runs text known only when it runs, which toolgate cannot verify`,
        );
        return undefined;
      }
      await inspectShellText(text, context);
      return undefined;
    }
    if (script === null) {
      collector.refuse(
        `${what}: ${name} runs a script named only when it runs, which toolgate cannot verify`,
      );
      return undefined;
    }
    if (script?.startsWith('-')) {
      collector.refuse(
        `${what}: ${name} is given options (${quote(script)}) before its script; toolgate cannot tell what they load or run. Name the script right after ${name}`,
      );
      return undefined;
    }
    if (script !== undefined) {
      const rel = await workspacePathOf(script, context);
      if (rel !== undefined) executed = { index, rel, family };
      // A script outside the workspace is judged as a program is: npm's `npx-cli.js`, anything
      // under a node_modules, or a file that is not there is refused.
      else if ((await identifyOutside(script, resolve(context.cwd, script), context, 'script')) === undefined)
        return undefined;
    }
  }
  let result: ExecutedFile | undefined;
  if (executed?.rel.split('/').includes('node_modules')) {
    collector.refuse(
      `${what}: runs ${executed.rel}, installed package code whose files and dependencies toolgate cannot verify; name a script of your own instead`,
    );
    return undefined;
  }
  if (executed !== undefined) {
    if (nested) {
      collector.refuse(
        `${what}: runs ${quote(words[executed.index] ?? '')}, a workspace file, from inside a script; toolgate verifies only the file a hook or server command names itself, so name it there`,
      );
      return undefined;
    }
    const files = await inspectExecutedFile(executed.rel, executed.family, context);
    if (files === undefined) return undefined;
    result = { index: executed.index, rel: executed.rel, files };
  }
  // Any other word that names a workspace file may be what the program reads as code (jq -f, a
  // config): it is digested and protected too.
  for (const [index, word] of words.entries()) {
    if (index === 0 || index === executed?.index || word === null) continue;
    const rel = await workspacePathOf(word, context);
    if (rel !== undefined && (await isFileLike(collector.root, rel))) await collector.read(rel, what);
  }
  return result;
}

/**
 * The names shell text defines as functions (`name() …`, `function name …`): a call of one runs no
 * program, so it is not looked up (a runner's or wrapper's name is refused all the same).
 */
function definedFunctions(text: string): ReadonlySet<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?:^|[\s;&|(){}])(?:function\s+)?([A-Za-z_][\w.-]*)\s*\(\s*\)/g))
    names.add(match[1]!);
  for (const match of text.matchAll(/(?:^|[\s;&|(){}])function\s+([A-Za-z_][\w.-]*)/g)) names.add(match[1]!);
  return names;
}

/** Judges every command of a shell script or command line; none may execute a workspace file. */
export async function inspectShellText(text: string, outer: CommandContext): Promise<void> {
  const analysis = await analyzeCommandLine(text);
  const context = { ...outer, functions: definedFunctions(text) };
  if (analysis.unreadable !== undefined) {
    context.collector.refuse(
      `${context.what}: toolgate cannot read it as shell (${analysis.unreadable}), so cannot tell what it runs`,
    );
    return;
  }
  for (const command of analysis.commands) {
    const name = command.words[0];
    if (name === '.' || name === 'source') {
      context.collector.refuse(
        `${context.what}: sources ${quote(command.words[1] ?? null)}, which toolgate cannot verify; put what it needs in the script itself`,
      );
      continue;
    }
    if (command.assignments.includes('PATH')) {
      context.collector.refuse(`${context.what}: sets PATH for a command, which toolgate cannot follow`);
      continue;
    }
    await inspectWords(command.words, context, true);
  }
}

/**
 * Judges a hook's command line: one program with plain words may execute one workspace script
 * (digested, with what it loads, and run from a verified copy); any other line may only run
 * programs from outside the workspace. Refusals go to the collector.
 */
export async function inspectCommandLine(
  line: string,
  context: CommandContext,
): Promise<CommandPlan | undefined> {
  const words = splitCommandWords(line, context.cwd);
  if (words === undefined) {
    await inspectShellText(line, context);
    return undefined;
  }
  const executed = await inspectWords(words, context, false);
  return { words, ...(executed ? { executed } : {}) };
}

/** Judges a server's command and arguments (no shell in between), as {@link inspectCommandLine} does a hook's. */
export async function inspectCommandWords(
  words: readonly string[],
  context: CommandContext,
): Promise<CommandPlan> {
  const executed = await inspectWords(words, context, false);
  return { words, ...(executed ? { executed } : {}) };
}
