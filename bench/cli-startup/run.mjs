// CLI start-up: `toolgate call read_file` and `toolgate tools --json` against `node -e 0`, median
// of 20 runs each, interleaved so load changes hit all alike. Goals (issue 31): call ≤ 1.5×, tools ≤ 1.3×.
// The call twice: its ARGS on the command line, and on stdin (`-`, a pipe), as a host calls it.
// The stdin row goes through a socket, as Node's `spawn` gives one; the shell-pipe row through a
// real pipe, as a shell's `|` or a Python, Go or Rust host gives one (its time includes `sh`'s start).
// Beside them a one-shot write (`call write_file`, the same file overwritten each run), with no
// goal of its own: what a write adds to a call (its atomic replace, the approval preview).
// Each line also gives the time over `node -e 0`, steadier than the ratio when the machine's speed
// changes. Peak RSS (max resident set size) of one more run of each, read by a preload that reports
// `process.resourceUsage().maxRSS` on exit (the same preload for all three, so they compare).
// On Linux also the mean CPU time (user + system) per run, from this process's waited-for children
// in /proc/self/stat: on a busy machine wall time swells with CPU time, so both are shown.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { childrenCpuMs } from '../children-cpu.mjs';

const SMOKE = process.argv.includes('--smoke');
// `--smoke`: one run of each, no warm-up.
const RUNS = SMOKE ? 1 : 20;
const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('@toolgate/cli/package.json')), 'dist', 'bin.js');
if (!existsSync(bin)) {
  console.error(`${bin} is missing; run \`pnpm build\` first.`);
  process.exit(1);
}
const workspace = mkdtempSync(join(tmpdir(), 'toolgate-bench-'));
const home = mkdtempSync(join(tmpdir(), 'toolgate-bench-home-'));
writeFileSync(join(workspace, 'notes.txt'), 'one\ntwo\nthree\n');
const env = { ...process.env, HOME: home, XDG_CACHE_HOME: join(home, '.cache') };
for (const name of ['INIT_CWD', 'TOOLGATE_APPROVAL', 'NODE_COMPILE_CACHE']) delete env[name];

const callArgs = ['call', 'read_file', '{"path":"notes.txt"}', '--no-mcp'];
const stdinCallArgs = ['call', 'read_file', '-', '--no-mcp'];
/** What the stdin rows are given on stdin; the others have none. */
const STDIN_ARGS = '{"path":"notes.txt"}';
/** First of a command's arguments: run it with its ARGS piped in by `sh` (`printf … | node …`). */
const SHELL_PIPE = Symbol('shell pipe');

const toolsArgs = ['tools', '--json', '--no-mcp'];
const writeArgs = ['call', 'write_file', '{"path":"out.txt","content":"written\\n"}', '--no-mcp'];
// BENCH_BASE_CLI=<another build's dist/bin.js>: that build's two commands too, in the same rounds.
const baseBin = process.env.BENCH_BASE_CLI;
const commands = {
  'node -e 0': ['-e', '0'],
  'toolgate call read_file': [bin, ...callArgs],
  'call read_file - (stdin)': [bin, ...stdinCallArgs],
  'call - (shell pipe)': [SHELL_PIPE, bin, ...stdinCallArgs],
  'toolgate tools --json': [bin, ...toolsArgs],
  'call write_file': [bin, ...writeArgs],
  ...(baseBin
    ? {
        'base: call read_file': [baseBin, ...callArgs],
        'base: call - (stdin)': [baseBin, ...stdinCallArgs],
        'base: - (shell pipe)': [SHELL_PIPE, baseBin, ...stdinCallArgs],
        'base: tools --json': [baseBin, ...toolsArgs],
        'base: call write_file': [baseBin, ...writeArgs],
      }
    : {}),
};
const goals = {
  'toolgate call read_file': 1.5,
  'call read_file - (stdin)': 1.5,
  'toolgate tools --json': 1.3,
  ...(baseBin ? { 'base: call read_file': 1.5, 'base: call - (stdin)': 1.5, 'base: tools --json': 1.3 } : {}),
};

function run(args, nodeOptions = []) {
  const started = process.hrtime.bigint();
  if (args[0] === SHELL_PIPE) {
    const line = 'printf "%s" "$BENCH_ARGS" | exec "$BENCH_NODE" "$@"';
    args = ['/bin/sh', '-c', line, 'sh', ...nodeOptions, ...args.slice(1)];
  }
  const [command, ...rest] = args[0] === '/bin/sh' ? args : [process.execPath, ...nodeOptions, ...args];
  const stdin = args.includes('-') && command !== '/bin/sh';
  const result = spawnSync(command, rest, {
    cwd: workspace,
    env: { ...env, BENCH_ARGS: STDIN_ARGS, BENCH_NODE: process.execPath },
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    ...(stdin ? { input: STDIN_ARGS } : {}),
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${rest.join(' ')} exited ${result.status}: ${result.stderr}`);
  return { ms, stderr: result.stderr };
}

const REPORT_RSS =
  "process.on('exit',()=>process.stderr.write('\\nmaxrss='+process.resourceUsage().maxRSS+'\\n'))";
function peakRssMb(args) {
  const { stderr } = run(args, ['--import', `data:text/javascript,${encodeURIComponent(REPORT_RSS)}`]);
  const kb = Number(/maxrss=(\d+)/.exec(stderr)?.[1]);
  return kb / 1024;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// Two warm-ups of each: the file-system cache, and whatever a first run leaves for the next
// (Node's compile cache), as a person's second run finds it.
for (let warm = 0; warm < (SMOKE ? 0 : 2); warm++) for (const args of Object.values(commands)) run(args);
const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
const cpu = Object.fromEntries(Object.keys(commands).map((name) => [name, 0]));
for (let round = 0; round < RUNS; round++) {
  for (const [name, args] of Object.entries(commands)) {
    const before = childrenCpuMs();
    times[name].push(run(args).ms);
    if (before !== undefined) cpu[name] += (childrenCpuMs() - before) / 1000;
  }
}
const rss = Object.fromEntries(Object.entries(commands).map(([name, args]) => [name, peakRssMb(args)]));
rmSync(workspace, { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });

const nodeMs = median(times['node -e 0']);
let over = false;
for (const name of Object.keys(commands)) {
  const ms = median(times[name]);
  const goal = goals[name];
  const ratio = ms / nodeMs;
  if (goal !== undefined && ratio > goal) over = true;
  const verdict =
    goal === undefined
      ? name === 'node -e 0'
        ? ''
        : `  +${(ms - nodeMs).toFixed(1)} ms`
      : `  ${ratio.toFixed(2)}x (goal ≤ ${goal}x) ${ratio <= goal ? 'ok' : 'OVER GOAL'}, +${(ms - nodeMs).toFixed(1)} ms`;
  const cpuMs =
    process.platform === 'linux' ? ` · CPU ${((cpu[name] / RUNS) * 1000).toFixed(0).padStart(4)} ms` : '';
  console.log(
    `${name.padEnd(24)} median ${ms.toFixed(1).padStart(6)} ms${cpuMs} · peak RSS ${rss[name].toFixed(1).padStart(5)} MB${verdict}`,
  );
}
if (over) console.log('(a ratio over its goal is reported, not failed: timing depends on the machine)');
