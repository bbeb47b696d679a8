// Agent loop: a 50-step scripted session against the fake OpenAI-compatible server (each step one
// read_file), in-process, through the real provider code over loopback HTTP. The loop's own
// overhead per step is the session's total time minus the server's time (the same 50 requests
// replayed with fetch, responses read to the end) minus the tool's time (the same 50 read_file
// calls on a bare surface). Goal: < 1 ms per step. Each phase is timed twice: wall clock and this
// process's CPU time (user + system; the fake server runs in this process too), which a loaded
// machine distorts much less.
// Start-up: `toolgate run` from spawn to the first model request arriving, against `node -e 0`
// from spawn to exit, median of 15 interleaved runs. Goal: ≤ 2×.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createAgent } from '@toolgate/agent';
import { startFakeModelServer } from '@toolgate/agent/testing';
import { createToolSurface, createWorkspace } from '@toolgate/core';
import { createFsTools } from '@toolgate/tools-fs';

const STEPS = 50;
const ROUNDS = 5;
const STARTS = 15;
const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('@toolgate/cli/package.json')), 'dist', 'bin.js');
if (!existsSync(bin)) {
  console.error(`${bin} is missing; run \`pnpm build\` first.`);
  process.exit(1);
}
const clock = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
const elapsed = (started) => {
  const cpu = process.cpuUsage(started.cpu);
  return { wall: performance.now() - started.wall, cpu: (cpu.user + cpu.system) / 1000 };
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const root = mkdtempSync(join(tmpdir(), 'toolgate-bench-agent-'));
for (let step = 0; step < STEPS; step++)
  writeFileSync(join(root, `file-${step}.txt`), `line ${step}\n`.repeat(40));
const server = await startFakeModelServer();
const script = () => [
  ...Array.from({ length: STEPS - 1 }, (_, step) => ({
    toolCalls: [{ id: `c${step}`, name: 'read_file', arguments: { path: `file-${step}.txt` } }],
  })),
  { text: 'done' },
];

async function session() {
  const workspace = createWorkspace({ root });
  const fs = createFsTools({ workspace });
  const provider = createOpenAICompatible({ name: 'bench', baseURL: server.baseURL, includeUsage: true });
  const agent = createAgent({
    model: provider.chatModel('bench'),
    tools: [fs.read_file],
    approval: { mode: 'auto' },
    workspaceRoot: root,
    limits: { maxSteps: STEPS },
  });
  const created = await agent.createSession();
  const first = server.requests.length;
  server.reply(...script());
  const started = clock();
  const result = await created.prompt('read every file').result;
  const total = elapsed(started);
  await created.close();
  if (result.stopReason !== 'completed' || result.steps !== STEPS)
    throw new Error(`unexpected end: ${JSON.stringify(result)}`);
  return { total, requests: server.requests.slice(first) };
}

async function replay(requests) {
  server.reply(...script());
  const started = clock();
  for (const request of requests) {
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
    });
    await response.text();
  }
  return elapsed(started);
}

async function tools() {
  const workspace = createWorkspace({ root });
  const surface = createToolSurface({ tools: [createFsTools({ workspace }).read_file] });
  const started = clock();
  for (let step = 0; step < STEPS - 1; step++)
    await surface.executor.execute({
      id: `c${step}`,
      name: 'read_file',
      arguments: { path: `file-${step}.txt` },
    });
  return elapsed(started);
}

await session(); // warm-up: JIT, file cache
const loop = [];
const http = [];
const tool = [];
for (let round = 0; round < ROUNDS; round++) {
  const { total, requests } = await session();
  loop.push(total);
  http.push(await replay(requests));
  tool.push(await tools());
}
for (const kind of ['wall', 'cpu']) {
  const totalMs = median(loop.map((entry) => entry[kind]));
  const httpMs = median(http.map((entry) => entry[kind]));
  const toolMs = median(tool.map((entry) => entry[kind]));
  const overhead = (totalMs - httpMs - toolMs) / STEPS;
  console.log(`${kind} time:`);
  console.log(`  50-step session                  median ${totalMs.toFixed(1)} ms (${ROUNDS} rounds)`);
  console.log(`  server: same requests via fetch  median ${httpMs.toFixed(1)} ms`);
  console.log(`  tool: 49 read_file calls         median ${toolMs.toFixed(1)} ms`);
  console.log(
    `  loop overhead per step           ${overhead.toFixed(3)} ms (goal < 1 ms) ${overhead < 1 ? 'ok' : 'OVER GOAL'}`,
  );
}

// Start-up to the first model request.
const env = { ...process.env, TOOLGATE_CACHE_DIR: 'off' };
delete env.INIT_CWD;
for (const name of Object.keys(env))
  if (name.startsWith('TOOLGATE_') && name !== 'TOOLGATE_CACHE_DIR') delete env[name];

function timeNode() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(performance.now() - started));
  });
}

function timeRun() {
  return new Promise((resolve, reject) => {
    const before = server.requests.length;
    server.reply({ text: 'ok' });
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        bin,
        'run',
        'hi',
        '--cwd',
        root,
        '--no-mcp',
        '--model',
        'openai-compatible:bench',
        '--base-url',
        server.baseURL,
      ],
      { env, stdio: 'ignore' },
    );
    child.on('error', reject);
    child.on('exit', (code) => {
      const request = server.requests[before];
      if (code !== 0 || !request) reject(new Error(`toolgate run exited ${code}`));
      else resolve(request.receivedAt - started);
    });
  });
}

await timeNode();
await timeRun();
const nodeRuns = [];
const runRuns = [];
for (let run = 0; run < STARTS; run++) {
  nodeRuns.push(await timeNode());
  runRuns.push(await timeRun());
}
await server.close();
rmSync(root, { recursive: true, force: true });
const nodeMs = median(nodeRuns);
const firstMs = median(runRuns);
const ratio = firstMs / nodeMs;
console.log(`node -e 0                          median ${nodeMs.toFixed(1)} ms (${STARTS} runs)`);
console.log(`toolgate run → first request       median ${firstMs.toFixed(1)} ms (${STARTS} runs)`);
console.log(
  `ratio                              ${ratio.toFixed(2)}x (goal ≤ 2x) ${ratio <= 2 ? 'ok' : 'OVER GOAL'}`,
);
