// bench/regex: pathological patterns (nested quantifiers, overlapping alternatives, look-around)
// against one line of growing length, through grep (Node engine, ripgrep engine) versus rg itself.
// It shows the bound: linear growth with the line's length, never the exponential blow-up of a
// backtracking engine, and a look-around that does backtrack stopped by the budget of one line
// (PCRE2's match limit in rg, a time budget per line in the Node engine's worker) while the event
// loop keeps running (its largest gap is printed). `--smoke`: one run on a 40-character line, the
// same code path.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createWorkspace } from '@toolgate/core';
import { createSearchTools } from '@toolgate/tools-search';

const SMOKE = process.argv.includes('--smoke');
const RUNS = SMOKE ? 1 : Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_MS = SMOKE ? 2000 : 10_000;
const LENGTHS = SMOKE ? [40] : [40, 1_000, 10_000, 100_000, 1_000_000];
const PATTERNS = [
  { pattern: '(a+)+$', kind: 'nested quantifier' },
  { pattern: '(a|a)*b', kind: 'overlapping alternation' },
  { pattern: '(a|aa)+$', kind: 'overlapping alternation' },
  { pattern: '(\\w+\\s?)+$', kind: 'nested quantifier, classes' },
  { pattern: '(?<=a)(a+)+$', kind: 'look-behind that backtracks' },
  { pattern: 'a(?!b)a*!', kind: 'cheap look-ahead (worker / rg -P)' },
  { pattern: '(?=a)(a+)+$', kind: 'look-ahead that backtracks' },
];

const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
const pcre2 = rg !== '' && spawnSync(rg, ['--pcre2-version']).status === 0;

const root = await mkdtemp(join(tmpdir(), 'bench-regex-'));
for (const length of LENGTHS) await writeFile(join(root, `line-${length}.txt`), `${'a'.repeat(length)}!\n`);
const workspace = createWorkspace({ root });
const tools = {
  node: createSearchTools({ workspace, engine: 'node', timeoutMs: BUDGET_MS }),
  ...(rg
    ? { ripgrep: createSearchTools({ workspace, engine: 'ripgrep', ripgrepPath: rg, timeoutMs: BUDGET_MS }) }
    : {}),
};
const context = { callId: 'bench', signal: new AbortController().signal, plan: undefined };

function runRg(args) {
  return new Promise((resolve) => {
    const child = spawn(rg, args, { cwd: root, stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('close', (code) => resolve(code === 0 ? 'match' : code === 1 ? 'none' : 'error'));
  });
}

/** Median time of `work` after a warm-up, with the event loop's largest delay meanwhile. */
async function measure(work) {
  await work();
  const times = [];
  let value;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    value = await work();
    times.push(performance.now() - started);
  }
  delay.disable();
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], value, worstGap: delay.max / 1e6 };
}

async function viaTool(engine, pattern, length) {
  const result = await tools[engine].grep.execute({ pattern, path: `line-${length}.txt` }, context);
  if (result.status === 'success') return result.output.totalMatches > 0 ? 'match' : 'none';
  return result.error.code;
}

const lookAround = (pattern) => /\(\?<?[=!]/.test(pattern);
console.log(
  `bench/regex: one line of N characters, median of ${RUNS} runs, budget ${BUDGET_MS} ms; rg ${
    rg ? spawnSync(rg, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0] : 'absent'
  }${pcre2 ? ' with PCRE2' : ''}; "gap" = the event loop's largest pause during the Node engine's calls`,
);
console.log(
  'pattern'.padEnd(16),
  'N'.padStart(9),
  'rg ms'.padStart(7),
  'rg-engine ms'.padStart(13),
  'ratio'.padStart(6),
  'node ms'.padStart(8),
  'ratio'.padStart(7),
  'gap ms'.padStart(7),
  ' results (rg / rg-engine / node)',
);
for (const { pattern } of PATTERNS) {
  for (const length of LENGTHS) {
    const peer = rg
      ? await measure(() =>
          runRg([
            ...(lookAround(pattern) ? ['--pcre2'] : []),
            '--no-config',
            `--regexp=${pattern}`,
            `line-${length}.txt`,
          ]),
        )
      : undefined;
    const viaRipgrep = rg ? await measure(() => viaTool('ripgrep', pattern, length)) : undefined;
    const viaNode = await measure(() => viaTool('node', pattern, length));
    const ratio = (measured) => (peer && measured ? (measured.ms / peer.ms).toFixed(2) : '-');
    console.log(
      pattern.padEnd(16),
      String(length).padStart(9),
      (peer ? peer.ms.toFixed(0) : '-').padStart(7),
      (viaRipgrep ? viaRipgrep.ms.toFixed(0) : '-').padStart(13),
      ratio(viaRipgrep).padStart(6),
      viaNode.ms.toFixed(0).padStart(8),
      ratio(viaNode).padStart(7),
      viaNode.worstGap.toFixed(0).padStart(7),
      ` ${peer?.value ?? '-'} / ${viaRipgrep?.value ?? '-'} / ${viaNode.value}`,
    );
  }
}
await rm(root, { recursive: true, force: true });
