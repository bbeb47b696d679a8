// CLI startup: `toolgate tools --json` versus `node -e 0`, median of 20 runs each, interleaved.
// Goal: ratio ≤ 2.5. Measured twice: as a person runs it (the built-in definitions come from the
// cache the first run wrote, keyed by the packages' files) and cold (TOOLGATE_CACHE_DIR=off: every
// tool package loaded and every zod schema built, as `toolgate call` always does).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const RUNS = 20;
const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('@toolgate/cli/package.json')), 'dist', 'bin.js');
if (!existsSync(bin)) {
  console.error(`${bin} is missing; run \`pnpm build\` first.`);
  process.exit(1);
}
const workspace = mkdtempSync(join(tmpdir(), 'toolgate-bench-'));
const cacheDir = mkdtempSync(join(tmpdir(), 'toolgate-bench-cache-'));
const env = { ...process.env, TOOLGATE_CACHE_DIR: cacheDir };
delete env.INIT_CWD;
delete env.TOOLGATE_APPROVAL;
const coldEnv = { ...env, TOOLGATE_CACHE_DIR: 'off' };

function time(args, runEnv = env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    cwd: workspace,
    env: runEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// One warm-up of each (file-system cache), then interleaved runs so load changes hit both alike.
time(['-e', '0']);
time([bin, 'tools', '--json']);
const baseline = [];
const cli = [];
const cold = [];
for (let run = 0; run < RUNS; run++) {
  baseline.push(time(['-e', '0']));
  cli.push(time([bin, 'tools', '--json']));
  cold.push(time([bin, 'tools', '--json'], coldEnv));
}
rmSync(workspace, { recursive: true, force: true });
rmSync(cacheDir, { recursive: true, force: true });

const nodeMs = median(baseline);
const cliMs = median(cli);
const coldMs = median(cold);
const ratio = cliMs / nodeMs;
console.log(`node -e 0                          median ${nodeMs.toFixed(1)} ms (${RUNS} runs)`);
console.log(`toolgate tools --json              median ${cliMs.toFixed(1)} ms (${RUNS} runs)`);
console.log(`toolgate tools --json, cache off   median ${coldMs.toFixed(1)} ms (${RUNS} runs)`);
console.log(
  `ratio                              ${ratio.toFixed(2)}x (goal ≤ 2.5x) ${ratio <= 2.5 ? 'ok' : 'OVER GOAL'}`,
);
console.log(`ratio, cache off                   ${(coldMs / nodeMs).toFixed(2)}x`);
