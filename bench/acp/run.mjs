// ACP overhead: the same scripted turns run through the built `toolgate-acp` (spawned, driven over
// stdio by the ACP SDK's own client) and in-process through the host kit's front door
// (`openHostSession`, the session toolgate-acp opens) with the same model (the fake
// OpenAI-compatible server in this process, over loopback HTTP). Both run in `manual` mode, so every call asks: over ACP the client
// answers `session/request_permission` with allow_once, in-process an approver that always allows.
// 1. prompt → first tool call: from sending the prompt to the first `tool_call` update (ACP) or
//    the first `tool-call` event (in-process); median of interleaved runs.
// 2. Per tool call: a turn of CALLS read_file calls (one per model step), total time; the ACP
//    overhead per call is (ACP − in-process) / CALLS. Goal: < 5 ms. Wall time on a loaded machine
//    mostly measures the scheduler (every call crosses two processes twice), so CPU time is
//    measured too: this process's (the fake server, the client or the in-process agent) plus, for
//    ACP, toolgate-acp's own (/proc/<pid>/stat), summed over all rounds.
// 3. One permission round trip as the client sees it: from receiving `session/request_permission`
//    to receiving the call's `in_progress` update after answering.
// 4. Client files: the cost of a client-fs read and write round trip per call. Two more
//    toolgate-acp processes in `auto` mode, one whose client offers `fs.readTextFile` and
//    `fs.writeTextFile` (answered from in-memory buffers, as an editor does) and one that offers
//    neither (the disk); a turn of CALLS read_file calls and one of CALLS write_file calls each;
//    the cost per call is (client fs − disk) / CALLS, median of interleaved rounds.
// `--smoke`: one round of a 2-call turn, the same code path.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { client, methods, ndJsonStream, PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { startFakeModelServer } from '@toolgate/agent/testing';
import { openHostSession, resolveSessionSettings } from '@toolgate/host';

const SMOKE = process.argv.includes('--smoke');
const CALLS = SMOKE ? 2 : 20;
const ROUNDS = SMOKE ? 1 : 15;
const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('@toolgate/acp/package.json')), 'dist', 'bin.js');
if (!existsSync(bin)) {
  console.error(`${bin} is missing; run \`pnpm build\` first.`);
  process.exit(1);
}
const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
/** CPU milliseconds (user + system) a process has used, from /proc/<pid>/stat. */
const processCpu = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};
const ownCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-bench-acp-')));
const home = mkdtempSync(join(tmpdir(), 'toolgate-bench-acp-home-'));
for (let call = 0; call < CALLS; call++)
  writeFileSync(join(root, `file-${call}.txt`), `line ${call}\n`.repeat(40));
const server = await startFakeModelServer();
const env = { TOOLGATE_MODEL: 'openai-compatible:bench', TOOLGATE_BASE_URL: server.baseURL };
const oneCall = () => [
  { toolCalls: [{ name: 'read_file', arguments: { path: 'file-0.txt' } }] },
  { text: 'done' },
];
const manyCalls = () => [
  ...Array.from({ length: CALLS }, (_, call) => ({
    toolCalls: [{ name: 'read_file', arguments: { path: `file-${call}.txt` } }],
  })),
  { text: 'done' },
];

// In-process: the host kit's agent session (the one toolgate-acp opens) with an approver that always allows.
const localEnv = { ...env, XDG_CONFIG_HOME: home, XDG_STATE_HOME: home };
const settings = await resolveSessionSettings({ root, env: localEnv, approval: 'manual', notice: () => {} });
const local = await openHostSession(settings, {
  purpose: { kind: 'agent', maxSteps: CALLS + 5 },
  approver: async () => 'allow_once',
  answeredBy: 'bench',
  env: localEnv,
  notice: () => {},
});

async function localFirstToolCall() {
  server.reply(...oneCall());
  const started = performance.now();
  let first;
  const turn = local.prompt('read it');
  for await (const event of turn)
    if (event.type === 'tool-call' && first === undefined) first = performance.now();
  const result = await turn.result;
  if (result.stopReason !== 'completed') throw new Error(`in-process turn ended ${result.stopReason}`);
  return first - started;
}

async function localTurn() {
  server.reply(...manyCalls());
  const started = performance.now();
  const result = await local.prompt('read them all').result;
  if (result.stopReason !== 'completed' || result.steps !== CALLS + 1)
    throw new Error(`in-process turn ended ${JSON.stringify(result)}`);
  return performance.now() - started;
}

// Over ACP: one toolgate-acp process, one session, the SDK's client.
const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('TOOLGATE_')));
const child = spawn(process.execPath, [bin], {
  env: { ...clean, ...env, TOOLGATE_APPROVAL: 'manual', XDG_CONFIG_HOME: home, XDG_STATE_HOME: home },
  stdio: ['pipe', 'pipe', 'inherit'],
});
const permissionTrips = [];
let asked;
const remote = {};
const connection = client({ name: 'bench' })
  .onRequest(methods.client.session.requestPermission, ({ params }) => {
    asked = { callId: params.toolCall.toolCallId, at: performance.now() };
    return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
  })
  .onNotification(methods.client.session.update, ({ params }) => {
    const { update } = params;
    if (update.sessionUpdate === 'tool_call') remote.onToolCall?.();
    if (
      update.sessionUpdate === 'tool_call_update' &&
      update.status === 'in_progress' &&
      asked?.callId === update.toolCallId
    ) {
      permissionTrips.push(performance.now() - asked.at);
      asked = undefined;
    }
  })
  .connectWith(ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout)), async (acp) => {
    await acp.request(methods.agent.initialize, { protocolVersion: PROTOCOL_VERSION });
    const { sessionId } = await acp.request(methods.agent.session.new, { cwd: root, mcpServers: [] });
    const prompt = async (text) => {
      const { stopReason } = await acp.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text }],
      });
      if (stopReason !== 'end_turn') throw new Error(`ACP turn ended ${stopReason}`);
    };
    remote.firstToolCall = async () => {
      server.reply(...oneCall());
      const started = performance.now();
      let first;
      remote.onToolCall = () => {
        first ??= performance.now();
      };
      await prompt('read it');
      return first - started;
    };
    remote.turn = async () => {
      server.reply(...manyCalls());
      const started = performance.now();
      await prompt('read them all');
      return performance.now() - started;
    };
    await new Promise((resolve) => {
      remote.done = resolve;
    });
  });
while (!remote.turn) await new Promise((resolve) => setTimeout(resolve, 10));

// Warm-up: JIT, file cache, the session's tools.
await localFirstToolCall();
await remote.firstToolCall();
await localTurn();
await remote.turn();
permissionTrips.length = 0;

const first = { local: [], acp: [] };
const turns = { local: [], acp: [] };
const cpu = { local: 0, acp: 0 };
for (let round = 0; round < ROUNDS; round++) {
  first.local.push(await localFirstToolCall());
  first.acp.push(await remote.firstToolCall());
  let own = ownCpu();
  turns.local.push(await localTurn());
  cpu.local += ownCpu() - own;
  own = ownCpu();
  const childBefore = processCpu(child.pid);
  turns.acp.push(await remote.turn());
  cpu.acp += ownCpu() - own + processCpu(child.pid) - childBefore;
}
remote.done();
await connection;
child.stdin.end();
await new Promise((resolve) => child.on('close', resolve));
await local.close();

// 4. Client files, over ACP in auto mode: an editor's buffers against the disk.
const buffers = new Map();
for (let call = 0; call < CALLS; call++)
  buffers.set(join(root, `file-${call}.txt`), `buffer ${call}\n`.repeat(40));
async function openAcp(capabilities) {
  const process_ = spawn(process.execPath, [bin], {
    env: { ...clean, ...env, TOOLGATE_APPROVAL: 'auto', XDG_CONFIG_HOME: home },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const handle = {};
  const connected = client({ name: 'bench-fs' })
    .onRequest(methods.client.fs.readTextFile, ({ params }) => ({ content: buffers.get(params.path) ?? '' }))
    .onRequest(methods.client.fs.writeTextFile, ({ params }) => {
      buffers.set(params.path, params.content);
      return {};
    })
    .connectWith(
      ndJsonStream(Writable.toWeb(process_.stdin), Readable.toWeb(process_.stdout)),
      async (acp) => {
        await acp.request(methods.agent.initialize, {
          protocolVersion: PROTOCOL_VERSION,
          clientCapabilities: capabilities,
        });
        const { sessionId } = await acp.request(methods.agent.session.new, { cwd: root, mcpServers: [] });
        handle.turn = async (tool) => {
          server.reply(
            ...Array.from({ length: CALLS }, (_, call) => ({
              toolCalls: [
                {
                  name: tool,
                  arguments:
                    tool === 'read_file'
                      ? { path: `file-${call}.txt` }
                      : { path: `out-${call}.txt`, content: `written ${call}\n`.repeat(40) },
                },
              ],
            })),
            { text: 'done' },
          );
          const started = performance.now();
          const cpuBefore = ownCpu() + processCpu(process_.pid);
          const { stopReason } = await acp.request(methods.agent.session.prompt, {
            sessionId,
            prompt: [{ type: 'text', text: tool }],
          });
          if (stopReason !== 'end_turn') throw new Error(`client-fs turn ended ${stopReason}`);
          return { wall: performance.now() - started, cpu: ownCpu() + processCpu(process_.pid) - cpuBefore };
        };
        await new Promise((resolve) => {
          handle.done = resolve;
        });
      },
    );
  while (!handle.turn) await new Promise((resolve) => setTimeout(resolve, 10));
  handle.close = async () => {
    handle.done();
    await connected;
    process_.stdin.end();
    await new Promise((resolve) => process_.on('close', resolve));
  };
  return handle;
}
const withFs = await openAcp({ fs: { readTextFile: true, writeTextFile: true }, terminal: false });
const onDisk = await openAcp({ fs: { readTextFile: false, writeTextFile: false }, terminal: false });
const fsTurns = { read: { client: [], disk: [] }, write: { client: [], disk: [] } };
const fsCpu = { read: { client: 0, disk: 0 }, write: { client: 0, disk: 0 } };
for (let round = 0; round <= ROUNDS; round++) {
  const warm = round === 0;
  for (const [kind, tool] of [
    ['read', 'read_file'],
    ['write', 'write_file'],
  ]) {
    const clientTime = await withFs.turn(tool);
    const diskTime = await onDisk.turn(tool);
    if (warm) continue;
    fsTurns[kind].client.push(clientTime.wall);
    fsTurns[kind].disk.push(diskTime.wall);
    fsCpu[kind].client += clientTime.cpu;
    fsCpu[kind].disk += diskTime.cpu;
  }
}
await withFs.close();
await onDisk.close();
await server.close();
rmSync(root, { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });

const firstLocal = median(first.local);
const firstAcp = median(first.acp);
const turnLocal = median(turns.local);
const turnAcp = median(turns.acp);
const perCall = (turnAcp - turnLocal) / CALLS;
const cpuPerCall = (cpu.acp - cpu.local) / (ROUNDS * CALLS);
console.log(`prompt → first tool call (median of ${ROUNDS}):`);
console.log(`  in-process agent                 ${firstLocal.toFixed(2)} ms`);
console.log(`  toolgate-acp over stdio          ${firstAcp.toFixed(2)} ms`);
console.log(
  `  ratio                            ${(firstAcp / firstLocal).toFixed(2)}x (+${(firstAcp - firstLocal).toFixed(2)} ms)`,
);
console.log(
  `turn of ${CALLS} read_file calls, each approved (wall: median of ${ROUNDS}; CPU: per turn over all)`,
);
console.log(
  `  in-process agent, always allow   wall ${turnLocal.toFixed(1)} ms, CPU ${(cpu.local / ROUNDS).toFixed(1)} ms`,
);
console.log(
  `  toolgate-acp, request_permission wall ${turnAcp.toFixed(1)} ms, CPU ${(cpu.acp / ROUNDS).toFixed(1)} ms (both processes)`,
);
console.log(
  `  ratio                            wall ${(turnAcp / turnLocal).toFixed(2)}x, CPU ${(cpu.acp / cpu.local).toFixed(2)}x`,
);
for (const [kind, value] of [
  ['wall', perCall],
  ['CPU', cpuPerCall],
])
  console.log(
    `  ACP overhead per tool call, ${kind.padEnd(4)} ${value.toFixed(2)} ms (goal < 5 ms) ${value < 5 ? 'ok' : 'OVER GOAL'}`,
  );
console.log(
  `permission round trip (client's view, median of ${permissionTrips.length}) ${median(permissionTrips).toFixed(2)} ms`,
);
console.log(
  `client files over ACP, auto mode: turn of ${CALLS} calls (wall: median of ${ROUNDS}; CPU of both processes: per turn over all)`,
);
for (const kind of ['read', 'write']) {
  const clientTime = median(fsTurns[kind].client);
  const diskTime = median(fsTurns[kind].disk);
  const clientCpu = fsCpu[kind].client / ROUNDS;
  const diskCpu = fsCpu[kind].disk / ROUNDS;
  console.log(
    `  ${kind === 'read' ? 'read_file ' : 'write_file'} through the editor wall ${clientTime.toFixed(1)} ms, CPU ${clientCpu.toFixed(1)} ms; on disk wall ${diskTime.toFixed(1)} ms, CPU ${diskCpu.toFixed(1)} ms`,
  );
  console.log(
    `    fs/${kind}_text_file round trip per call: wall ${((clientTime - diskTime) / CALLS).toFixed(2)} ms (ratio ${(clientTime / diskTime).toFixed(2)}x), CPU ${((clientCpu - diskCpu) / CALLS).toFixed(2)} ms (ratio ${(clientCpu / diskCpu).toFixed(2)}x)`,
  );
}
