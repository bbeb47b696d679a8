// Agent loop: a 50-step scripted session against the fake OpenAI-compatible server (each step one
// read_file), in-process, through the real provider code over loopback HTTP. The loop's own
// overhead per step is the session's total time minus the server's time (the same 50 requests
// replayed with fetch, responses read to the end) minus the tool's time (the same 50 read_file
// calls on a bare surface). Goal: < 1 ms per step. Each phase is timed twice: wall clock and this
// process's CPU time (user + system; the fake server runs in this process too), which a loaded
// machine distorts much less. Accuracy: the three phases of a round run back to back, so each
// round's overhead (session − server − tool of that round) sees one load; the figure is the median
// of 25 such rounds, BENCH_RUNS sets another count (a median of each phase over separate rounds
// mixed a quiet session with a busy replay). For context, not subtracted: a bare loop without the agent (the same 50 prompts through
// the provider's own `doStream`, each followed by its read_file call on a bare surface) minus the
// replay and the tool phase: what the provider's request building, SSE parsing and chunk
// validation cost, and what alternating HTTP and tool work costs, a floor any loop on the real
// provider pays; and the loop alone: the same 50 steps with an in-memory model (doStream over a
// list of parts) and a trivial read-only tool, minus 49 calls of that tool on a bare surface.
// Start-up: `toolgate run` from spawn to the first model request arriving, against `node -e 0`
// from spawn to exit, median of 15 interleaved runs. Goal (issue 31): ≤ 1.3× the floor: a one-line script
// that only sends one request with Node's fetch, from spawn to its arrival, as the floor. In the
// same rounds the provider floor (provider-floor.mjs, bundled here): the same request through the
// AI SDK provider `toolgate run` uses, and nothing else, which no design over that provider can
// beat. Then the same start in a lived-in place: a workspace of 3,000 files and a store of 100 sessions.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createAgent } from '@toolgate/agent';
import { startFakeModelServer } from '@toolgate/agent/testing';
import { createToolSurface, createWorkspace, defineTool, implementTool, toolSuccess } from '@toolgate/core';
import { createFsTools } from '@toolgate/tools-fs';
import { build } from 'rolldown';
import { z } from 'zod';

const SMOKE = process.argv.includes('--smoke');
// `--smoke`: one round of a 3-step session and one start-up, the same code path.
const STEPS = SMOKE ? 3 : 50;
const ROUNDS = SMOKE ? 1 : Number(process.env.BENCH_RUNS ?? 25);
const STARTS = SMOKE ? 1 : 15;
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
  const history = created.history();
  await created.close();
  if (result.stopReason !== 'completed' || result.steps !== STEPS)
    throw new Error(`unexpected end: ${JSON.stringify(result)}`);
  return { total, requests: server.requests.slice(first), history };
}

// A bare loop: each step's prompt (system prompt and the history so far) through doStream, then
// the step's read_file call on a bare surface.
async function bareLoop(requests, history) {
  const { read_file } = createFsTools({ workspace: createWorkspace({ root }) });
  const surface = createToolSurface({ tools: [read_file] });
  const model = createOpenAICompatible({
    name: 'bench',
    baseURL: server.baseURL,
    includeUsage: true,
  }).chatModel('bench');
  const { definition } = read_file;
  const tools = [
    {
      type: 'function',
      name: definition.name,
      description: definition.description,
      inputSchema: definition.inputSchema,
    },
  ];
  const system = { role: 'system', content: requests[0].body.messages[0].content };
  const prompts = requests.map((_, step) => [system, ...history.slice(0, 1 + 2 * step)]);
  server.reply(...script());
  const started = clock();
  for (const [step, prompt] of prompts.entries()) {
    const { stream } = await model.doStream({ prompt, tools });
    const reader = stream.getReader();
    while (!(await reader.read()).done);
    if (step < STEPS - 1)
      await surface.executor.execute({
        id: `c${step}`,
        name: 'read_file',
        arguments: { path: `file-${step}.txt` },
      });
  }
  return elapsed(started);
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

const trivialTool = implementTool(
  defineTool({
    name: 'read_file',
    description: 'Returns fixed text.',
    input: z.object({ path: z.string() }),
    annotations: { readOnly: true },
  }),
  { execute: async ({ path }) => toolSuccess({ path, content: 'line\n'.repeat(40) }) },
);

/** A model without HTTP: each doStream streams the parts a provider would for one scripted step. */
function inMemoryModel() {
  const usage = { inputTokens: { total: 10 }, outputTokens: { total: 5 } };
  let step = 0;
  return {
    specificationVersion: 'v4',
    provider: 'in-memory',
    modelId: 'bench',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('streaming only')),
    async doStream() {
      const current = step++;
      const parts =
        current < STEPS - 1
          ? [
              {
                type: 'tool-call',
                toolCallId: `c${current}`,
                toolName: 'read_file',
                input: `{"path":"file-${current}.txt"}`,
              },
              { type: 'finish', usage, finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
            ]
          : [
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: 'done' },
              { type: 'text-end', id: 't' },
              { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
            ];
      let next = 0;
      return {
        stream: new ReadableStream({
          pull: (controller) =>
            next < parts.length ? controller.enqueue(parts[next++]) : controller.close(),
        }),
      };
    },
  };
}

async function loopAlone() {
  const agent = createAgent({
    model: inMemoryModel(),
    tools: [trivialTool],
    approval: { mode: 'auto' },
    workspaceRoot: root,
    limits: { maxSteps: STEPS },
  });
  const created = await agent.createSession();
  const started = clock();
  const result = await created.prompt('read every file').result;
  const total = elapsed(started);
  await created.close();
  if (result.stopReason !== 'completed') throw new Error(`unexpected end: ${JSON.stringify(result)}`);
  const surface = createToolSurface({ tools: [trivialTool] });
  const bare = clock();
  for (let step = 0; step < STEPS - 1; step++)
    await surface.executor.execute({
      id: `c${step}`,
      name: 'read_file',
      arguments: { path: `file-${step}.txt` },
    });
  const tool = elapsed(bare);
  return { wall: total.wall - tool.wall, cpu: total.cpu - tool.cpu };
}

for (let round = 0; round < (SMOKE ? 1 : 2); round++) await session(); // warm-up: JIT, file cache
const loop = [];
const http = [];
const tool = [];
const direct = [];
const alone = [];
for (let round = 0; round < ROUNDS; round++) {
  const { total, requests, history } = await session();
  loop.push(total);
  http.push(await replay(requests));
  tool.push(await tools());
  direct.push(await bareLoop(requests, history));
  alone.push(await loopAlone());
}
for (const kind of ['wall', 'cpu']) {
  const of = (entries) => entries.map((entry) => entry[kind]);
  const overhead =
    median(loop.map((entry, round) => entry[kind] - http[round][kind] - tool[round][kind])) / STEPS;
  const floor =
    median(direct.map((entry, round) => entry[kind] - http[round][kind] - tool[round][kind])) / STEPS;
  console.log(`${kind} time:`);
  console.log(
    `  ${STEPS}-step session                  median ${median(of(loop)).toFixed(1)} ms (${ROUNDS} rounds)`,
  );
  console.log(`  server: same requests via fetch  median ${median(of(http)).toFixed(1)} ms`);
  console.log(`  tool: ${STEPS - 1} read_file calls         median ${median(of(tool)).toFixed(1)} ms`);
  console.log(
    `  loop overhead per step           ${overhead.toFixed(3)} ms (goal < 1 ms) ${overhead < 1 ? 'ok' : 'OVER GOAL'}`,
  );
  console.log(
    `    of which a bare loop pays too (provider's doStream, then the tool): ${floor.toFixed(3)} ms`,
  );
  console.log(
    `  loop alone (in-memory model, trivial tool), per step: ${(median(of(alone)) / STEPS).toFixed(3)} ms`,
  );
  // Issue 31's two goals: the agent's own part (the overhead beyond what the bare loop pays) and
  // the whole step against the bare provider loop, each round against its own bare loop. The own
  // part is the median of each round's difference (session − bare loop, the replay and the tool
  // cancelling out), not the difference of two medians, which swung by half between runs.
  const own = median(loop.map((entry, round) => entry[kind] - direct[round][kind])) / STEPS;
  const whole = median(loop.map((entry, round) => entry[kind] / direct[round][kind]));
  console.log(
    `  agent's own part per step        ${own.toFixed(3)} ms (goal ≤ 0.2 ms) ${own <= 0.2 ? 'ok' : 'OVER GOAL'}`,
  );
  console.log(
    `  whole step vs the bare loop      ${whole.toFixed(2)}x (goal ≤ 1.1x) ${whole <= 1.1 ? 'ok' : 'OVER GOAL'}`,
  );
}

// Start-up to the first model request.
// The sessions `toolgate run` records go to a directory of the bench's, not the person's state.
const stateHome = mkdtempSync(join(tmpdir(), 'toolgate-bench-agent-loop-state-'));
const env = { ...process.env, XDG_STATE_HOME: stateHome };
delete env.INIT_CWD;
for (const name of Object.keys(env)) if (name.startsWith('TOOLGATE_')) delete env[name];

function timeNode() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(performance.now() - started));
  });
}

/** Spawns `args` and resolves to the time from the spawn to the fake server receiving its first request. */
function timeFirstRequest(what, args, childEnv = env) {
  return new Promise((resolve, reject) => {
    const before = server.requests.length;
    server.reply({ text: 'ok' });
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: childEnv, stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => {
      const request = server.requests[before];
      if (code !== 0 || !request) reject(new Error(`${what} exited ${code}`));
      else resolve(request.receivedAt - started);
    });
  });
}

const timeRun = (cli = bin) =>
  timeFirstRequest('toolgate run', [
    cli,
    'run',
    'hi',
    '--cwd',
    root,
    '--no-mcp',
    '--model',
    'openai-compatible:bench',
    '--base-url',
    server.baseURL,
  ]);

// The floor of any Node program that talks to a model over HTTP: Node's fetch (undici, with its
// HTTP/2 and TLS modules) loads on first use, and the AI SDK's providers build their headers with
// it, so `toolgate run` cannot send its first request sooner than this one-line script does.
const FETCH_ONCE = `fetch(${JSON.stringify(`${server.baseURL}/chat/completions`)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'hi' }] }) }).then((response) => response.text())`;
const timeFetchOnce = () => timeFirstRequest('node -e fetch', ['-e', FETCH_ONCE]);

// The provider floor, one ESM bundle with no imports but Node's, as the CLI's build is.
const providerFloorDirectory = mkdtempSync(join(tmpdir(), 'toolgate-bench-provider-floor-'));
const providerFloorCache = join(providerFloorDirectory, 'compile-cache');
await build({
  input: join(import.meta.dirname, 'provider-floor.mjs'),
  platform: 'node',
  logLevel: 'silent',
  output: { dir: providerFloorDirectory, format: 'esm' },
});
const providerFloor = join(providerFloorDirectory, 'provider-floor.js');
const timeProviderFloor = () =>
  timeFirstRequest('the provider floor', [providerFloor, server.baseURL, providerFloorCache]);

await timeNode();
await timeRun();
await timeFetchOnce();
await timeProviderFloor();
const nodeRuns = [];
const runRuns = [];
const fetchRuns = [];
const providerRuns = [];
// BENCH_BASE_CLI=<another build's dist/bin.js>: that build's `toolgate run` too, in the same rounds.
const baseBin = process.env.BENCH_BASE_CLI;
const baseRuns = [];
if (baseBin) await timeRun(baseBin);
for (let run = 0; run < STARTS; run++) {
  nodeRuns.push(await timeNode());
  runRuns.push(await timeRun());
  fetchRuns.push(await timeFetchOnce());
  providerRuns.push(await timeProviderFloor());
  if (baseBin) baseRuns.push(await timeRun(baseBin));
}

// A lived-in start: the same `toolgate run` in a workspace of 3,000 files (the checkpoints' first
// look copies each) with a store of 100 sessions (the default `sessions.keep`; the retention pass
// reads each one's header), as a person's machine has them, in rounds with the fetch floor.
const LIVED_FILES = SMOKE ? 30 : 3000;
const LIVED_SESSIONS = SMOKE ? 3 : 100;
const livedRoot = mkdtempSync(join(tmpdir(), 'toolgate-bench-agent-lived-'));
for (let file = 0; file < LIVED_FILES; file++) {
  const directory = join(livedRoot, `d${file % 40}`);
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, `f${file}.ts`), `export const value${file} = ${file};\n`.repeat(40));
}
const livedState = mkdtempSync(join(tmpdir(), 'toolgate-bench-agent-loop-lived-state-'));
const livedEnv = { ...env, XDG_STATE_HOME: livedState };
/** Stored sessions as `toolgate run` leaves them (a header and one turn's start), each in its own directory. */
function seedSessions(count) {
  for (let index = 0; index < count; index++) {
    const id = `lived${String(index).padStart(4, '0')}-0000-4000-8000-000000000000`;
    const directory = join(livedState, 'toolgate', 'sessions', id);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const at = new Date().toISOString();
    const records = [
      { type: 'session', version: 1, id, workspace: livedRoot, createdAt: at, title: `stored ${index}` },
      { type: 'turn-start', turn: 1, at },
    ];
    writeFileSync(
      join(directory, 'session.jsonl'),
      records.map((record) => `${JSON.stringify(record)}\n`).join(''),
      {
        mode: 0o600,
      },
    );
  }
}
seedSessions(LIVED_SESSIONS);
const timeLivedRun = (cli = bin) =>
  timeFirstRequest(
    'toolgate run (lived-in)',
    [
      cli,
      'run',
      'hi',
      '--cwd',
      livedRoot,
      '--no-mcp',
      '--model',
      'openai-compatible:bench',
      '--base-url',
      server.baseURL,
    ],
    livedEnv,
  );
await timeLivedRun();
if (baseBin) await timeLivedRun(baseBin);
const livedRuns = [];
const livedFetchRuns = [];
const livedBaseRuns = [];
for (let run = 0; run < STARTS; run++) {
  livedFetchRuns.push(await timeFetchOnce());
  livedRuns.push(await timeLivedRun());
  if (baseBin) livedBaseRuns.push(await timeLivedRun(baseBin));
}
await server.close();
rmSync(root, { recursive: true, force: true });
rmSync(stateHome, { recursive: true, force: true });
rmSync(livedRoot, { recursive: true, force: true });
rmSync(livedState, { recursive: true, force: true });
rmSync(providerFloorDirectory, { recursive: true, force: true });
const nodeMs = median(nodeRuns);
const firstMs = median(runRuns);
const fetchMs = median(fetchRuns);
const ratio = firstMs / nodeMs;
console.log(`node -e 0                          median ${nodeMs.toFixed(1)} ms (${STARTS} runs)`);
console.log(
  `node -e "fetch(…)" → its request   median ${fetchMs.toFixed(1)} ms (${STARTS} runs): ${(fetchMs / nodeMs).toFixed(2)}x node -e 0, the floor`,
);
const providerMs = median(providerRuns);
console.log(
  `the AI SDK provider → its request  median ${providerMs.toFixed(1)} ms (${STARTS} runs): ${(providerMs / fetchMs).toFixed(2)}x the fetch floor, the provider floor`,
);
console.log(`toolgate run → first request       median ${firstMs.toFixed(1)} ms (${STARTS} runs)`);
const overFloor = firstMs / fetchMs;
console.log(
  `ratio                              ${ratio.toFixed(2)}x node -e 0; ${overFloor.toFixed(2)}x the floor (goal ≤ 1.3x) ${overFloor <= 1.3 ? 'ok' : 'OVER GOAL'}; ${(firstMs / providerMs).toFixed(2)}x the provider floor`,
);
console.log(
  `the goal leaves toolgate           ${(1.3 * fetchMs - providerMs).toFixed(1)} ms over the provider floor for its own start (it takes ${(firstMs - providerMs).toFixed(1)} ms)`,
);
if (baseBin) {
  const baseMs = median(baseRuns);
  console.log(
    `base: toolgate run → first request median ${baseMs.toFixed(1)} ms (${STARTS} runs): ${(baseMs / fetchMs).toFixed(2)}x the floor`,
  );
}
const livedFetchMs = median(livedFetchRuns);
const livedMs = median(livedRuns);
console.log(
  `lived-in (${LIVED_FILES} files, ${LIVED_SESSIONS} stored sessions): toolgate run → first request median ${livedMs.toFixed(1)} ms: ${(livedMs / livedFetchMs).toFixed(2)}x the floor of its rounds (${livedFetchMs.toFixed(1)} ms)`,
);
if (baseBin) {
  const livedBaseMs = median(livedBaseRuns);
  console.log(
    `base, lived-in:                    median ${livedBaseMs.toFixed(1)} ms: ${(livedBaseMs / livedFetchMs).toFixed(2)}x the floor`,
  );
}
