// `toolgate mcp`: time from spawning it to its answer to `initialize` on stdout, against spawning
// `node -e 0` until it exits; median of interleaved runs (so load changes hit both alike). Goal:
// ≤ 1.5×. Run by run.mjs (build first); `--smoke` runs each once.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const SMOKE = process.argv.includes('--smoke');
const RUNS = SMOKE ? 1 : 15;
const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('@toolgate/cli/package.json')), 'dist', 'bin.js');
if (!existsSync(bin)) {
  console.error(`${bin} is missing; run \`pnpm build\` first.`);
  process.exit(1);
}
const workspace = mkdtempSync(join(tmpdir(), 'toolgate-bench-mcp-'));
const home = mkdtempSync(join(tmpdir(), 'toolgate-bench-mcp-home-'));
const env = {
  ...process.env,
  HOME: home,
  XDG_CACHE_HOME: join(home, '.cache'),
  XDG_STATE_HOME: join(home, '.state'),
};
for (const name of ['INIT_CWD', 'TOOLGATE_APPROVAL', 'NODE_COMPILE_CACHE']) delete env[name];

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
})}\n`;

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

function nodeBaseline() {
  return new Promise((resolve, reject) => {
    const started = nowMs();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore', env });
    child.on('error', reject);
    child.on('exit', () => resolve(nowMs() - started));
  });
}

function initialize(cli = bin) {
  return new Promise((resolve, reject) => {
    const started = nowMs();
    const child = spawn(process.execPath, [cli, 'mcp', '--no-mcp'], { cwd: workspace, env, stdio: 'pipe' });
    let out = '';
    let answered;
    child.on('error', reject);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (answered === undefined && out.includes('"id":1')) {
        answered = nowMs() - started;
        child.stdin.end();
      }
    });
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('exit', (code) => {
      if (answered === undefined)
        reject(new Error(`toolgate mcp exited (${code}) without answering: ${err}`));
      else resolve(answered);
    });
    child.stdin.write(INITIALIZE);
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
// BENCH_BASE_CLI=<another build's dist/bin.js>: that build's `toolgate mcp` too, in the same rounds.
const baseBin = process.env.BENCH_BASE_CLI;
// Warm the compile cache once.
await initialize();
if (baseBin) await initialize(baseBin);
const node = [];
const mcp = [];
const base = [];
for (let round = 0; round < RUNS; round++) {
  node.push(await nodeBaseline());
  mcp.push(await initialize());
  if (baseBin) base.push(await initialize(baseBin));
}
rmSync(workspace, { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });
if (SMOKE) console.log('initialize: ran once (smoke)');
else {
  const ratio = median(mcp) / median(node);
  console.log(
    `toolgate mcp answers initialize: ${median(mcp).toFixed(1)} ms median vs node -e 0 ${median(node).toFixed(1)} ms → ${ratio.toFixed(2)}× (goal ≤ 1.5×)`,
  );
  if (baseBin)
    console.log(
      `base: toolgate mcp answers initialize: ${median(base).toFixed(1)} ms median → ${(median(base) / median(node)).toFixed(2)}×`,
    );
}
