// bench/search: glob and grep through the tool (ripgrep engine, Node engine) versus rg itself,
// on a corpus of real code (the repository's installed packages, flattened, copied to 30,000+ files).
// `--smoke`: a corpus of 300 files (its own), one run of each query, the same code path.
import { spawn, spawnSync } from 'node:child_process';
import { copyFile, lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorkspace } from '@toolgate/core';
import { createSearchTools } from '@toolgate/tools-search';
import { childrenCpuMs } from '../children-cpu.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = resolve(here, '../..');
const store = join(repository, 'node_modules/.pnpm');
const SMOKE = process.argv.includes('--smoke');
const corpus = join(repository, SMOKE ? 'bench/.cache/search-corpus-smoke' : 'bench/.cache/search-corpus');
const MIN_FILES = SMOKE ? 300 : 30_000;
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const RUNS = SMOKE ? 1 : Number(process.env.BENCH_RUNS ?? 3);
// The benchmark measures, so a loaded machine must not turn a slow run into a `timeout` failure.
const BUDGET_MS = 600_000;

const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
if (!rg) {
  console.log('bench/search: skipped, no `rg` on PATH to compare with');
  process.exit(0);
}

async function packageDirectories() {
  const found = [];
  for (const id of (await readdir(store)).sort()) {
    const modules = join(store, id, 'node_modules');
    let names;
    try {
      names = (await readdir(modules)).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(modules, name);
      if (name.startsWith('@')) {
        for (const scoped of (await readdir(path)).sort()) {
          if (!(await lstat(join(path, scoped))).isSymbolicLink()) found.push(join(path, scoped));
        }
      } else if (name !== '.bin' && !(await lstat(path)).isSymbolicLink()) {
        found.push(path);
      }
    }
  }
  return found;
}

async function copyTree(from, to, counter) {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const name = entry.name === 'node_modules' ? 'nested_modules' : entry.name;
    const source = join(from, entry.name);
    if (entry.isDirectory()) await copyTree(source, join(to, name), counter);
    else if (entry.isFile() && (await lstat(source)).size <= MAX_FILE_BYTES) {
      await copyFile(source, join(to, name));
      counter.files++;
    }
  }
}

async function ensureCorpus() {
  const marker = join(corpus, '.complete');
  try {
    return JSON.parse(await readFile(marker, 'utf8')).files;
  } catch {
    // build it
  }
  await rm(corpus, { recursive: true, force: true });
  const packages = await packageDirectories();
  const counter = { files: 0 };
  // The store holds fewer than 30,000 files, so the flattened copy is repeated until it does.
  for (let copy = 1; counter.files < MIN_FILES; copy++) {
    for (const [index, directory] of packages.entries()) {
      if (SMOKE && counter.files >= MIN_FILES) break;
      const label = directory
        .slice(store.length + 1)
        .replace(/\/node_modules\//g, '__')
        .replace(/\//g, '_');
      await copyTree(
        directory,
        join(corpus, `copy-${copy}`, `${String(index).padStart(3, '0')}-${label}`),
        counter,
      );
    }
  }
  await mkdir(join(corpus, '.git'), { recursive: true });
  await writeFile(join(corpus, '.gitignore'), '*.map\n');
  await writeFile(marker, JSON.stringify({ files: counter.files }));
  return counter.files;
}

const WALK = ['--no-config', '--hidden', '--no-ignore-global', '--glob', '!.git', '--glob', '!node_modules'];

/** Runs rg and reads its output; with `stopAfter`, kills it after that many lines (a `| head`). */
function runRg(args, stopAfter) {
  return new Promise((resolvePromise) => {
    const child = spawn(rg, args, { cwd: corpus, stdio: ['ignore', 'pipe', 'ignore'] });
    let lines = 0;
    let done = false;
    child.stdout.on('data', (chunk) => {
      if (done) return;
      for (let index = chunk.indexOf(10); index >= 0; index = chunk.indexOf(10, index + 1)) lines++;
      if (stopAfter !== undefined && lines >= stopAfter) {
        done = true;
        child.kill('SIGKILL');
      }
    });
    child.on('close', () => resolvePromise(lines));
  });
}

async function median(work) {
  await work();
  const times = [];
  let value;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    value = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], value };
}

const files = await ensureCorpus();
// BENCH_DENY="Read(deploy/keys/**),Read(**/*.secret)": the workspace asks the read policy of those
// deny rules (as the hosts build it) for every file; they match nothing in the corpus, so the
// results stay rg's and the difference is the cost of asking.
const deny = (process.env.BENCH_DENY ?? '').split(',').filter((rule) => rule !== '');
let readPolicy;
if (deny.length > 0) {
  const { readPolicyOfRules } = await import('@toolgate/host');
  const { parsePermissionRules } = await import('@toolgate/rules');
  readPolicy = readPolicyOfRules(parsePermissionRules({ deny }, 'bench').rules);
}
const workspace = createWorkspace({ root: corpus, ...(readPolicy ? { readPolicy } : {}) });
const engines = {
  ripgrep: createSearchTools({ workspace, engine: 'ripgrep', ripgrepPath: rg, timeoutMs: BUDGET_MS }),
  node: createSearchTools({ workspace, engine: 'node', timeoutMs: BUDGET_MS }),
};
const context = { callId: 'bench', signal: new AbortController().signal, plan: undefined };

async function callTool(tool, input) {
  const result = await tool.execute(input, context);
  if (result.status !== 'success') throw new Error(JSON.stringify(result));
  return result.output;
}

const ALL = 10_000_000;
const queries = [
  { name: 'literal', input: { pattern: 'use strict', maxResults: ALL }, rg: ['--regexp=use strict'] },
  {
    name: 'regex',
    input: { pattern: '[A-Z][a-z]+Error\\(', maxResults: ALL },
    rg: ['--regexp=[A-Z][a-z]+Error\\('],
  },
  {
    name: 'case-insensitive',
    input: { pattern: 'deprecated', caseInsensitive: true, maxResults: ALL },
    rg: ['--ignore-case', '--regexp=deprecated'],
  },
  {
    name: 'with include *.ts',
    input: { pattern: 'import type', include: '*.ts', maxResults: ALL },
    rg: ['--glob', '*.ts', '--regexp=import type'],
  },
  {
    name: 'almost every file, maxResults 100',
    input: { pattern: 'e', maxResults: 100 },
    rg: ['--regexp=e'],
    stopAfter: 101,
  },
];

console.log(
  `bench/search: ${files} files in ${corpus}${deny.length > 0 ? `, read policy of ${deny.join(' ')}` : ''} (rg ${spawnSync(rg, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]}), median of ${RUNS} runs`,
);
console.log(
  'query'.padEnd(36),
  'rg ms'.padStart(8),
  'rg-engine ms'.padStart(13),
  'ratio'.padStart(6),
  'node ms'.padStart(9),
  'ratio'.padStart(6),
  ' matches',
);
// BENCH_PREDICATE_ONLY=1 skips the searches and times only the read predicate (last line).
const searches = process.env.BENCH_PREDICATE_ONLY ? [] : queries;
for (const query of searches) {
  const peer = await median(() =>
    runRg([...WALK, '--line-number', '--with-filename', ...query.rg, '.'], query.stopAfter),
  );
  const viaRipgrep = await median(() => callTool(engines.ripgrep.grep, query.input));
  const viaNode = await median(() => callTool(engines.node.grep, query.input));
  const count = (output) => `${output.totalMatches}${output.truncated ? '+' : ''}`;
  console.log(
    query.name.padEnd(36),
    peer.ms.toFixed(0).padStart(8),
    viaRipgrep.ms.toFixed(0).padStart(13),
    (viaRipgrep.ms / peer.ms).toFixed(2).padStart(6),
    viaNode.ms.toFixed(0).padStart(9),
    (viaNode.ms / peer.ms).toFixed(2).padStart(6),
    ` rg ${peer.value} lines, engines ${count(viaRipgrep.value)} / ${count(viaNode.value)}`,
  );
}
if (!process.env.BENCH_PREDICATE_ONLY) {
  const globPeer = await median(() => runRg([...WALK, '--files', '--glob', '*.ts', '.']));
  const globRipgrep = await median(() =>
    callTool(engines.ripgrep.glob, { pattern: '**/*.ts', maxResults: ALL }),
  );
  const globNode = await median(() => callTool(engines.node.glob, { pattern: '**/*.ts', maxResults: ALL }));
  console.log(
    'glob **/*.ts vs rg --files -g *.ts'.padEnd(36),
    globPeer.ms.toFixed(0).padStart(8),
    globRipgrep.ms.toFixed(0).padStart(13),
    (globRipgrep.ms / globPeer.ms).toFixed(2).padStart(6),
    globNode.ms.toFixed(0).padStart(9),
    (globNode.ms / globPeer.ms).toFixed(2).padStart(6),
    ` rg ${globPeer.value} files, engines ${globRipgrep.value.count} / ${globNode.value.count}`,
  );
}

// Whole processes, as a user or a host that spawns them pays: `toolgate call grep|glob …` (start-up,
// session, the tool, its lines written: `path:line:content` or one path a line, as rg prints them)
// against `rg` with the same walk, and the floor (`node -e` that only spawns that rg and pipes its
// output to stdout: what any design with rg under Node pays at least), wall and CPU time (user +
// system of the process and its children, from /proc/self/stat), median of RUNS after one warm-up.
// BENCH_BASE_CLI=<another build's dist/bin.js> runs that build too, in the same rounds.
if (!process.env.BENCH_PREDICATE_ONLY && process.platform === 'linux') {
  const { createRequire } = await import('node:module');
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const cli = join(
    dirname(createRequire(import.meta.url).resolve('@toolgate/cli/package.json')),
    'dist/bin.js',
  );
  const builds = [
    ['toolgate', cli],
    ...(process.env.BENCH_BASE_CLI ? [['base', process.env.BENCH_BASE_CLI]] : []),
  ];
  const home = await mkdtemp(join(tmpdir(), 'toolgate-bench-search-home-'));
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
  for (const name of ['TOOLGATE_APPROVAL', 'INIT_CWD']) delete env[name];
  // The floor of any design that runs rg under Node: `node -e` spawning rg with the peer's
  // arguments and piping its output to stdout, nothing else (no CLI, no session, no parsing).
  const FLOOR = `const child = require('node:child_process').spawn(process.argv[1], process.argv.slice(2), { stdio: ['ignore', 'pipe', 'inherit'] });
child.stdout.pipe(process.stdout);
child.on('close', (code) => { process.exitCode = code; });`;
  const runWhole = (command, args, peer = command === rg) => {
    const cpuBefore = childrenCpuMs();
    const started = performance.now();
    const result = spawnSync(command, args, { cwd: corpus, env, encoding: 'utf8', maxBuffer: 1 << 30 });
    const ms = performance.now() - started;
    if (result.status !== 0 && !(peer && result.status === 1))
      throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    return { ms, cpuMs: childrenCpuMs() - cpuBefore, stdout: result.stdout };
  };
  const lineCount = (text) => text.split('\n').filter((line) => line !== '').length;
  const wholeRows = [
    ...queries.slice(0, 4).map((query) => ({
      name: `grep ${query.name}`,
      tool: 'grep',
      input: query.input,
      rg: [...WALK, '--line-number', '--with-filename', ...query.rg, '.'],
    })),
    {
      name: 'glob **/*.ts',
      tool: 'glob',
      input: { pattern: '**/*.ts', maxResults: ALL },
      rg: [...WALK, '--files', '--glob', '*.ts', '.'],
    },
  ];
  console.log(`\nwhole processes (median of ${RUNS}; CPU = user + system, children included):`);
  for (const row of wholeRows) {
    const samples = { rg: [], floor: [] };
    for (const [label] of builds) samples[label] = [];
    const counts = {};
    for (let run = 0; run <= RUNS; run++) {
      const peer = runWhole(rg, row.rg);
      if (run > 0) samples.rg.push(peer);
      counts.rg = lineCount(peer.stdout);
      const floor = runWhole(process.execPath, ['-e', FLOOR, rg, ...row.rg], true);
      if (run > 0) samples.floor.push(floor);
      counts.floor = lineCount(floor.stdout);
      for (const [label, bin] of builds) {
        const ours = runWhole(process.execPath, [
          bin,
          'call',
          row.tool,
          JSON.stringify(row.input),
          '--no-mcp',
          '--approval',
          'auto',
        ]);
        if (run > 0) samples[label].push(ours);
        counts[label] = lineCount(ours.stdout);
      }
    }
    const med = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const peerMs = med(samples.rg.map((sample) => sample.ms));
    const peerCpu = med(samples.rg.map((sample) => sample.cpuMs));
    const parts = ['floor', ...builds.map(([label]) => label)].map((label) => {
      const ms = med(samples[label].map((sample) => sample.ms));
      const cpuMs = med(samples[label].map((sample) => sample.cpuMs));
      return `${label} ${ms.toFixed(0)} ms ${(ms / peerMs).toFixed(2)}×, CPU ${cpuMs.toFixed(0)} ms ${(cpuMs / Math.max(peerCpu, 10)).toFixed(2)}× (${counts[label]})`;
    });
    console.log(
      `  ${row.name.padEnd(30)} rg ${peerMs.toFixed(0)} ms, CPU ${peerCpu.toFixed(0)} ms (${counts.rg}) · ${parts.join(' · ')}`,
    );
  }
  await rm(home, { recursive: true, force: true });
}

// The cost of asking the read predicate alone: every file and directory of the corpus, as the
// walkers ask it (one call per directory, one per file), without reading anything.
const listed = spawnSync(rg, [...WALK, '--files', '--null', '.'], {
  cwd: corpus,
  encoding: 'utf8',
  maxBuffer: 1 << 28,
})
  .stdout.split('\0')
  .filter((path) => path !== '')
  .map((path) => join(corpus, path));
const directories = [...new Set(listed.map((path) => dirname(path)))];
const asked = await median(async () => {
  let refused = 0;
  for (const path of directories) if (workspace.checkReadable(path, { directory: true })) refused++;
  for (const path of listed) if (workspace.checkReadable(path)) refused++;
  return refused;
});
console.log(
  `read predicate: ${listed.length} files + ${directories.length} directories in ${asked.ms.toFixed(1)} ms (${((asked.ms * 1000) / (listed.length + directories.length)).toFixed(2)} µs per path, ${asked.value} refused)`,
);
