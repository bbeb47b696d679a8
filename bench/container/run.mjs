// The price of the container sandbox and of the network allowlist proxy, in the same run:
//  - session open (container create + start + check) and close (remove), median of N;
//  - per-command overhead: `true` through the bash tool with the container bound, versus
//    `docker exec <the same container> true` from the CLI (goal ≤ 1.1×), and versus the bash tool
//    with the bubblewrap sandbox;
//  - 100 MiB of output through exec (the tool caps as it streams) versus `docker exec … head -c`;
//  - a 10 MiB download from a loopback HTTP server through the allowlist proxy versus direct
//    (goal ≤ 1.2×).
// Needs an engine and the test image (scripts/container-engine.sh); skips with one line without.
// Build first (`pnpm build`). `--smoke`: one tiny round of each, the same code path.
import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolSurface, createWorkspace, standardDecorators } from '@toolgate/core';
import { openBwrapSandbox } from '@toolgate/sandbox-bwrap';
import { openContainerSandbox } from '@toolgate/sandbox-container';
import { startAllowlistProxy } from '@toolgate/sandbox-network';
import { createProcessRegistry, createShellTools } from '@toolgate/tools-shell';

const SMOKE = process.argv.includes('--smoke');
const OPENS = SMOKE ? 1 : 5;
const CALLS = SMOKE ? 2 : 50;
const ROUNDS = SMOKE ? 1 : 3;
const OUTPUT_BYTES = SMOKE ? 1024 * 1024 : 100 * 1024 * 1024;
const DOWNLOAD_BYTES = SMOKE ? 1024 * 1024 : 10 * 1024 * 1024;
const DOWNLOADS = SMOKE ? 1 : 10;
const SOCKET = (process.env.DOCKER_HOST ?? 'unix:///var/run/docker.sock').replace(/^unix:\/\//, '');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function engineGet(path) {
  return new Promise((resolve) => {
    const req = request({ socketPath: SOCKET, path: `/v1.41${path}`, timeout: 5000 }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(res.statusCode === 200 ? JSON.parse(text) : undefined));
    });
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

function run(file, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', () => {});
    child.stderr.on('data', () => {});
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited ${code}`))));
  });
}

const filter = encodeURIComponent(JSON.stringify({ reference: ['toolgate-sandbox-test'] }));
const images = await engineGet(`/images/json?filters=${filter}`);
const image =
  process.env.TOOLGATE_TEST_CONTAINER_IMAGE ?? images?.sort((a, b) => b.Created - a.Created)[0]?.Id;
if (!image) {
  console.log(
    `bench/container skipped: no engine with a test image at ${SOCKET} (run scripts/container-engine.sh as root)`,
  );
  process.exit(0);
}

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-bench-container-')));
writeFileSync(join(root, 'package.json'), '{}\n');
const opened = [];
try {
  const options = { workspaceRoot: root, mode: 'workspace-write', image };
  // Session open and close.
  const opens = [];
  const closes = [];
  for (let index = 0; index < OPENS; index++) {
    let sandbox;
    opens.push(
      await timed(async () => {
        const opening = await openContainerSandbox(options);
        if (!opening.ok) throw new Error(opening.reason);
        sandbox = opening.sandbox;
      }),
    );
    closes.push(await timed(() => sandbox.close()));
  }
  console.log(
    `session open (create+start+check): ${median(opens).toFixed(0)} ms; close (remove): ${median(closes).toFixed(0)} ms`,
  );

  const opening = await openContainerSandbox(options);
  if (!opening.ok) throw new Error(opening.reason);
  const { sandbox } = opening;
  opened.push(sandbox);
  const surfaceOf = (bound) => {
    const { bash } = createShellTools({
      workspace: createWorkspace({ root }),
      processes: createProcessRegistry(),
      sandbox: bound,
    });
    const surface = createToolSurface({
      tools: [bash],
      decorators: standardDecorators({ approval: { mode: 'auto' } }),
    });
    let id = 0;
    return async (command) => {
      const result = await surface.executor.execute({
        id: `c${++id}`,
        name: 'bash',
        arguments: { action: 'exec', command },
      });
      if (result.status !== 'success' || result.output.exitCode !== 0)
        throw new Error(JSON.stringify(result).slice(0, 300));
      return result.output;
    };
  };
  const inContainer = surfaceOf(sandbox);
  const bwrapOpening = await openBwrapSandbox({ workspaceRoot: root, mode: 'workspace-write' });
  const inBwrap = bwrapOpening.ok ? surfaceOf(bwrapOpening.sandbox) : undefined;
  const series = { tool: [], cli: [], bwrap: [] };
  for (let round = 0; round < ROUNDS; round++) {
    series.tool.push(
      (await timed(async () => {
        for (let i = 0; i < CALLS; i++) await inContainer('true');
      })) / CALLS,
    );
    series.cli.push(
      (await timed(async () => {
        for (let i = 0; i < CALLS; i++) await run('docker', ['exec', sandbox.id, 'true']);
      })) / CALLS,
    );
    if (inBwrap)
      series.bwrap.push(
        (await timed(async () => {
          for (let i = 0; i < CALLS; i++) await inBwrap('true');
        })) / CALLS,
      );
  }
  const tool = median(series.tool);
  const cli = median(series.cli);
  console.log(
    `exec true: bash tool in the container ${tool.toFixed(1)} ms, docker exec CLI ${cli.toFixed(1)} ms → ${(tool / cli).toFixed(2)}× (goal ≤ 1.1×)` +
      (inBwrap
        ? `; bash tool in bubblewrap ${median(series.bwrap).toFixed(1)} ms → container/bwrap ${(tool / median(series.bwrap)).toFixed(2)}×`
        : `; bubblewrap: ${bwrapOpening.reason}`),
  );

  const big = `head -c ${OUTPUT_BYTES} /dev/zero`;
  const toolOutput = await timed(() => inContainer(big));
  const cliOutput = await timed(() => run('docker', ['exec', sandbox.id, 'sh', '-c', big]));
  console.log(
    `${(OUTPUT_BYTES / 1024 / 1024).toFixed(0)} MiB of output: bash tool ${toolOutput.toFixed(0)} ms (kept the cap), docker exec CLI ${cliOutput.toFixed(0)} ms → ${(toolOutput / cliOutput).toFixed(2)}×`,
  );

  // The proxy, host side, as a sandbox uses it: curl (its own process) downloads from a loopback
  // server (its own process) directly, and through the proxy (in this process, on a loopback port).
  const serverScript = `const b = Buffer.alloc(${DOWNLOAD_BYTES}, 97); require('node:http').createServer((q, r) => r.end(b)).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const server = spawn(process.execPath, ['-e', serverScript], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve) =>
    server.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
  );
  const proxy = await startAllowlistProxy({
    allow: ['download.test', '127.0.0.1'],
    listen: { port: 0 },
    resolve: async () => ['127.0.0.1'],
  });
  const direct = [];
  const proxied = [];
  try {
    for (let i = 0; i < DOWNLOADS; i++) {
      direct.push(await timed(() => run('curl', ['-sSf', '-o', '/dev/null', `http://127.0.0.1:${port}/x`])));
      proxied.push(
        await timed(() =>
          run('curl', [
            '-sSf',
            '-o',
            '/dev/null',
            '-x',
            `http://127.0.0.1:${proxy.address.port}`,
            `http://download.test:${port}/x`,
          ]),
        ),
      );
    }
  } finally {
    await proxy.close();
    server.kill();
  }
  console.log(
    `${(DOWNLOAD_BYTES / 1024 / 1024).toFixed(0)} MiB download from loopback (curl): direct ${median(direct).toFixed(1)} ms, through the allowlist proxy ${median(proxied).toFixed(1)} ms → ${(median(proxied) / median(direct)).toFixed(2)}× (goal ≤ 1.2×)`,
  );
} finally {
  for (const sandbox of opened) await sandbox.close();
  rmSync(root, { recursive: true, force: true });
}
