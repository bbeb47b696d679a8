import { spawn } from 'node:child_process';
import {
  link,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { standardDecorators } from '../decorators/standard-decorators.js';
import type { ToolResult } from '../result/tool-result.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import type { AnyTool } from '../tool/tool.js';
import { createWorkspace } from '../workspace/create-workspace.js';
import { FILE_CALL_DRIVERS, fileCallDriver, setFileCallDriver } from '../workspace/file-calls.js';
import { TEMPORARY_SUFFIX } from '../workspace/temporary-name.js';
import type { Workspace } from '../workspace/workspace.js';

/** A writing tool as the boundary kit drives it. */
export interface WriteBoundarySubject {
  /** Builds the tool over the workspace the kit made (a fresh one for every attack). */
  createTool(workspace: Workspace): AnyTool;
  /**
   * Arguments that replace the content of the existing file at `path` (root-relative, `/`),
   * which holds `current`, with `content`.
   */
  modify(path: string, current: string, content: string): unknown;
  /** Arguments that create the new file `path` (parents included) with `content`, for tools that create. */
  create?(path: string, content: string): unknown;
  /** Arguments that append `content` to the file at `path`, for tools that append. */
  append?(path: string, content: string): unknown;
  /** Arguments that delete the file at `path`, for tools that delete. */
  delete?(path: string): unknown;
  /**
   * For a tool that writes one file it finds itself (AGENTS.md): the name it writes, directly in
   * the root or in `directory`. The kit then attacks through those two places, and skips the
   * attacks that need a path of its own choosing. @default any path
   */
  readonly fixedTarget?: { readonly directory: string; readonly file: string };
}

/** Bounds of the race. */
export interface WriteBoundaryOptions {
  /** Most tool calls made while the racer runs. @default 300 */
  readonly raceCalls?: number;
  /** Longest the race runs, in milliseconds. @default 3000 */
  readonly raceMilliseconds?: number;
}

/** What {@link checkWriteBoundary} found. */
export interface WriteBoundaryReport {
  /** Every broken promise, as a sentence; empty when the tool kept the boundary. */
  readonly problems: string[];
  /** The race: tool calls made, directory swaps the racer process completed, and the calls' outcomes by code. */
  readonly race: {
    readonly calls: number;
    readonly swaps: number;
    readonly outcomes: Record<string, number>;
  };
}

interface Arena {
  readonly base: string;
  readonly root: string;
  readonly outside: string;
  call(argumentsValue: unknown): Promise<ToolResult>;
}

const SAME = 'same content\n';

async function createArena(subject: WriteBoundarySubject): Promise<Arena> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-boundary-')));
  const root = join(base, 'root');
  const outside = join(base, 'outside');
  await mkdir(join(root, '.git', 'hooks'), { recursive: true });
  await writeFile(join(root, '.git', 'config'), '[core]\n');
  await mkdir(outside);
  const tool = subject.createTool(createWorkspace({ root }));
  // The kit checks where the tool writes, not whether a person would allow it: nothing is asked.
  const surface = createToolSurface({
    tools: [tool],
    decorators: standardDecorators({ approval: { mode: 'auto' } }),
  });
  let id = 0;
  return {
    base,
    root,
    outside,
    call: (argumentsValue) =>
      surface.executor.execute({
        id: `boundary-${++id}`,
        name: tool.definition.name,
        arguments: argumentsValue as Record<string, unknown>,
      }),
  };
}

/** Every file and link below `directory` with its content (or link target), to compare before and after. */
async function snapshot(directory: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  const walk = async (current: string): Promise<void> => {
    for (const name of await readdir(current).catch(() => [])) {
      const path = join(current, name);
      const stats = await lstat(path);
      const key = relative(directory, path);
      if (stats.isSymbolicLink()) entries[key] = '(symlink)';
      else if (stats.isDirectory()) {
        entries[`${key}/`] = '(directory)';
        await walk(path);
      } else entries[key] = await readFile(path, 'utf8');
    }
  };
  await walk(directory);
  return entries;
}

async function temporaryFiles(directory: string): Promise<string[]> {
  const entries = await snapshot(directory);
  return Object.keys(entries).filter((path) => path.endsWith(TEMPORARY_SUFFIX));
}

function outcomeOf(result: ToolResult): string {
  return result.status === 'failure' ? result.error.code : result.status;
}

/** What an attack's calls must give: any failure, this failure code, or anything (only the files are checked). */
type Expectation = 'failure' | 'path_protected' | 'secret_file' | 'anything';

interface Attack {
  readonly name: string;
  setUp(arena: Arena): Promise<void>;
  calls(): unknown[];
  readonly expect: Expectation;
  /** Root-relative paths that must not exist afterwards. @default [] */
  readonly mustNotExist?: readonly string[];
  /** Root-relative files that must still hold what they held before. @default [] */
  readonly unchanged?: readonly string[];
}

/** Runs one attack in a fresh arena and reports what changed where it must not. */
async function runAttack(subject: WriteBoundarySubject, attack: Attack): Promise<string[]> {
  const arena = await createArena(subject);
  const problems: string[] = [];
  try {
    await attack.setUp(arena);
    const outside = await snapshot(arena.outside);
    const git = await snapshot(join(arena.root, '.git'));
    for (const argumentsValue of attack.calls()) {
      const result = await arena.call(argumentsValue);
      const wrong =
        (attack.expect === 'failure' && result.status === 'success') ||
        ((attack.expect === 'path_protected' || attack.expect === 'secret_file') &&
          outcomeOf(result) !== attack.expect);
      if (wrong) {
        problems.push(
          `${attack.name}: ${JSON.stringify(argumentsValue)} gave ${outcomeOf(result)}, expected ${attack.expect}`,
        );
      }
    }
    if (JSON.stringify(await snapshot(arena.outside)) !== JSON.stringify(outside)) {
      problems.push(`${attack.name}: something outside the workspace changed`);
    }
    if (JSON.stringify(await snapshot(join(arena.root, '.git'))) !== JSON.stringify(git)) {
      problems.push(`${attack.name}: .git changed`);
    }
    for (const path of attack.unchanged ?? []) {
      if ((await readFile(join(arena.root, path), 'utf8').catch(() => '(gone)')) !== SAME) {
        problems.push(`${attack.name}: ${path} changed`);
      }
    }
    for (const path of attack.mustNotExist ?? []) {
      if (
        await lstat(join(arena.root, path)).then(
          () => true,
          () => false,
        )
      ) {
        problems.push(`${attack.name}: ${path} was created`);
      }
    }
    for (const path of await temporaryFiles(arena.base)) {
      problems.push(`${attack.name}: temporary file left: ${path}`);
    }
  } finally {
    await rm(arena.base, { recursive: true, force: true });
  }
  return problems;
}

// Says "ready" once running, then swaps until told to stop (after at least one swap, so a racer
// that a loaded machine started late still raced) or until its time is up; then the count.
const RACER = `
const fs = require('node:fs');
const [directory, moved, target, milliseconds] = process.argv.slice(1);
const deadline = Date.now() + Number(milliseconds);
let swaps = 0;
fs.writeSync(1, 'ready\\n');
while (Date.now() < deadline && (swaps === 0 || !fs.existsSync(directory + '.stop'))) {
  try {
    fs.renameSync(directory, moved);
    fs.symlinkSync(target, directory);
    fs.unlinkSync(directory);
    fs.renameSync(moved, directory);
    swaps++;
  } catch {
    try { if (fs.lstatSync(directory).isSymbolicLink()) fs.unlinkSync(directory); } catch {}
    try { fs.renameSync(moved, directory); } catch {}
  }
}
fs.writeSync(1, String(swaps) + '\\n');
`;

/** Calls the tool again and again while a second process swaps its directory with a symlink to outside. */
async function race(
  subject: WriteBoundarySubject,
  options: WriteBoundaryOptions,
): Promise<{ problems: string[]; race: WriteBoundaryReport['race'] }> {
  const arena = await createArena(subject);
  const problems: string[] = [];
  const outcomes: Record<string, number> = {};
  const maxCalls = options.raceCalls ?? 300;
  const fixed = subject.fixedTarget;
  const directoryName = fixed?.directory ?? 'dir';
  const directory = join(arena.root, directoryName);
  const fileFor = (index: number): string => fixed?.file ?? `f${index}.txt`;
  let calls = 0;
  let swaps = 0;
  try {
    await mkdir(directory);
    // Inside and outside hold the same names and content, so a redirected write would succeed.
    for (let index = 0; index < maxCalls; index++) {
      await writeFile(join(directory, fileFor(index)), SAME);
      await writeFile(join(arena.outside, fileFor(index)), SAME);
      if (fixed) break;
    }
    const before = await snapshot(arena.outside);
    const milliseconds = options.raceMilliseconds ?? 3000;
    const racer = spawn(
      process.execPath,
      ['-e', RACER, directory, `${directory}.moved`, arena.outside, String(milliseconds)],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let output = '';
    let onReady: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      onReady = resolve;
    });
    racer.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith('ready\n')) onReady();
    });
    const exited = new Promise<void>((resolve) => racer.once('close', () => resolve()));
    let running = true;
    void exited.then(() => {
      running = false;
    });
    // The calls start once the racer runs: however slow its start, the two overlap.
    await Promise.race([ready, exited]);
    const deadline = Date.now() + milliseconds;
    while (running && calls < maxCalls && Date.now() < deadline) {
      const index = calls++;
      const path = `${directoryName}/${fileFor(index)}`;
      const kind = index % 3;
      const argumentsValue =
        kind === 1 && subject.create
          ? subject.create(`${directoryName}/new${index}/n.txt`, `created ${index}\n`)
          : kind === 2 && subject.append
            ? subject.append(path, `appended ${index}\n`)
            : subject.modify(path, SAME, `changed ${index}\n`);
      const got = outcomeOf(await arena.call(argumentsValue));
      outcomes[got] = (outcomes[got] ?? 0) + 1;
      // A fixed-target tool that found no file while the directory was away made one in the root.
      if (fixed) await rm(join(arena.root, fixed.file), { force: true });
    }
    await writeFile(`${directory}.stop`, '');
    await exited;
    swaps = Number(output.split('\n')[1]) || 0;
    if (JSON.stringify(await snapshot(arena.outside)) !== JSON.stringify(before)) {
      const after = await snapshot(arena.outside);
      const changed = Object.keys({ ...before, ...after }).filter((key) => before[key] !== after[key]);
      problems.push(
        `race: ${changed.length} entries outside the workspace changed (${changed.slice(0, 5).join(', ')})`,
      );
    }
    for (const path of await temporaryFiles(arena.base)) problems.push(`race: temporary file left: ${path}`);
  } finally {
    await rm(arena.base, { recursive: true, force: true });
  }
  return { problems, race: { calls, swaps, outcomes } };
}

/**
 * The boundary attacks every writing tool must withstand, run against real files in a temporary
 * directory: a symlink to outside (as a directory and as the file), `missing/../link/x`, a link
 * to `.git`, a hard link to a file outside (modify and append), the protected configuration files,
 * secrets (`.env`, `*.pem`, … by name, in another case, through `dir/..` and through a link with
 * an innocent name: each refused as `secret_file`),
 * and a race with a real second process that keeps swapping the target's directory for a symlink
 * to outside. After each attack nothing outside the workspace or in `.git` may have changed, and
 * no temporary file may be left. Everything runs once under each file-call driver
 * (`setFileCallDriver`: on the thread pool, then made at once), each problem naming the driver.
 * Returns the problems found (empty when the tool kept the boundary) and the race's figures, summed
 * over both.
 */
export async function checkWriteBoundary(
  subject: WriteBoundarySubject,
  options: WriteBoundaryOptions = {},
): Promise<WriteBoundaryReport> {
  const fixed = subject.fixedTarget;
  const directoryName = fixed?.directory ?? 'dir';
  const file = fixed?.file ?? 'x.txt';
  const writes = (path: string): unknown[] => [
    subject.modify(path, SAME, 'changed\n'),
    ...(subject.append ? [subject.append(path, 'appended\n')] : []),
    ...(subject.delete ? [subject.delete(path)] : []),
  ];
  const creates = (...paths: string[]): unknown[] =>
    subject.create && !fixed ? paths.map((path) => subject.create!(path, 'new\n')) : [];
  const outsideFile = (arena: Arena): Promise<void> => writeFile(join(arena.outside, file), SAME);
  const attacks: Attack[] = [
    {
      name: 'a directory symlink to outside',
      async setUp(arena) {
        await outsideFile(arena);
        await symlink('../outside', join(arena.root, directoryName));
      },
      calls: () => [...writes(`${directoryName}/${file}`), ...creates(`${directoryName}/deep/new.txt`)],
      expect: 'failure',
    },
    {
      name: 'a file symlink to outside',
      async setUp(arena) {
        await outsideFile(arena);
        await symlink(join(arena.outside, file), join(arena.root, file));
      },
      calls: () => writes(file),
      expect: 'failure',
    },
    {
      name: 'a directory symlink to .git',
      async setUp(arena) {
        await writeFile(join(arena.root, '.git', file), SAME);
        await symlink('.git', join(arena.root, directoryName));
      },
      calls: () => [...writes(`${directoryName}/${file}`), ...creates(`${directoryName}/hooks/pre-commit`)],
      expect: 'failure',
    },
    {
      name: 'a hard link to a file outside',
      async setUp(arena) {
        await outsideFile(arena);
        await link(join(arena.outside, file), join(arena.root, file));
      },
      calls: () => [
        subject.modify(file, SAME, 'changed\n'),
        ...(subject.append ? [subject.append(file, 'more\n')] : []),
      ],
      expect: 'anything',
    },
  ];
  attacks.push({
    name: 'a link with an innocent name to a secret',
    async setUp(arena) {
      await mkdir(join(arena.root, directoryName), { recursive: true });
      await writeFile(join(arena.root, '.env'), SAME);
      await symlink('../.env', join(arena.root, directoryName, file));
    },
    calls: () => writes(`${directoryName}/${file}`),
    expect: 'secret_file',
    unchanged: ['.env'],
  });
  if (!fixed) {
    attacks.push({
      name: 'secrets by name, case and dir/..',
      async setUp(arena) {
        await mkdir(join(arena.root, 'config'));
        await writeFile(join(arena.root, '.env'), SAME);
        await writeFile(join(arena.root, 'config', 'server.pem'), SAME);
      },
      calls: () => [
        ...writes('.env'),
        ...writes('config/../.env'),
        ...writes('config/SERVER.PEM'),
        ...creates('deploy/id_ed25519', 'config/../.env.local', '.NPMRC'),
      ],
      expect: 'secret_file',
      unchanged: ['.env', 'config/server.pem'],
      mustNotExist: ['deploy', '.env.local', '.NPMRC'],
    });
    attacks.push({
      name: 'missing/.. through a link',
      async setUp(arena) {
        await outsideFile(arena);
        await symlink('../outside', join(arena.root, 'link'));
        await symlink('.git', join(arena.root, 'gl'));
      },
      calls: () => [
        ...writes(`missing/../link/${file}`),
        ...creates('missing/../link/new/x.txt', 'missing/../gl/hooks/pre-commit'),
      ],
      expect: 'failure',
      mustNotExist: ['missing'],
    });
    const protectedPaths: ReadonlyArray<readonly [string, string]> = [
      ['toolgate.config.json', 'sub/toolgate.config.json'],
      ['.mcp.json', 'sub/.mcp.json'],
      ['.toolgate/state.json', '.toolgate/new/state.json'],
      ['.GIT/config', '.GIT/hooks/pre-commit'],
    ];
    for (const [path, newPath] of protectedPaths) {
      attacks.push({
        name: `the protected path ${path}`,
        async setUp(arena) {
          await mkdir(dirname(join(arena.root, path)), { recursive: true });
          await writeFile(join(arena.root, path), SAME);
        },
        calls: () => [...writes(path), ...creates(newPath)],
        expect: 'path_protected',
      });
    }
  }
  // Every attack and the race run under each file-call driver: a tool's calls made at once must
  // keep the boundary as those on the thread pool do.
  const problems: string[] = [];
  const raced = { calls: 0, swaps: 0, outcomes: {} as Record<string, number> };
  const driver = fileCallDriver();
  try {
    for (const each of FILE_CALL_DRIVERS) {
      setFileCallDriver(each);
      const found: string[] = [];
      for (const attack of attacks) found.push(...(await runAttack(subject, attack)));
      const run = await race(subject, options);
      found.push(...run.problems);
      problems.push(...found.map((problem) => `${problem} (${each} file calls)`));
      raced.calls += run.race.calls;
      raced.swaps += run.race.swaps;
      for (const [code, count] of Object.entries(run.race.outcomes))
        raced.outcomes[code] = (raced.outcomes[code] ?? 0) + count;
    }
  } finally {
    setFileCallDriver(driver);
  }
  return { problems, race: raced };
}
