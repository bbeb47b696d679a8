// Stored sessions (the conversation half; file checkpoints are measured by their own package):
// 1. Store size per 100 turns: a session of TURNS turns, each one read_file call and an answer,
//    recorded by the host kit's front door (`openHostSession` with `store`, as both hosts open it);
//    the log's bytes per 100 turns, against the bare history it must hold at least
//    (`JSON.stringify(session.history())`), as a ratio.
// 2. Recording cost per turn: the same one-tool turn in a recorded session (its log, and the
//    checkpoints every recorded session keeps: measured alone in bench/checkpoints) and an unrecorded one
//    (same model: the fake OpenAI-compatible server in this process, over loopback HTTP),
//    interleaved: wall time (median) and this process's CPU time (mean), as ratios; the wall time
//    includes the turn's one fdatasync.
// 3. `session/load` of a LOAD_TURNS-turn session by the built toolgate-acp, driven by the ACP
//    SDK's client: from the request to its answer, the replay of every turn included, against
//    `session/resume` of the same session (no replay) in the same process; median of ROUNDS.
// `--smoke`: a few turns of each, the same code path, no figures to read.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { client, methods, ndJsonStream, PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { startFakeModelServer } from '@toolgate/agent/testing';
import { openHostSession, resolveSessionSettings, sessionDirectory } from '@toolgate/host';

const SMOKE = process.argv.includes('--smoke');
const TURNS = SMOKE ? 3 : 100;
const LOAD_TURNS = SMOKE ? 3 : 200;
const COST_ROUNDS = SMOKE ? 1 : 40;
const ROUNDS = SMOKE ? 1 : 9;
const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('@toolgate/acp/package.json')), 'dist', 'bin.js');
if (!existsSync(bin)) {
  console.error(`${bin} is missing; run \`pnpm build\` first.`);
  process.exit(1);
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-bench-sessions-')));
const home = mkdtempSync(join(tmpdir(), 'toolgate-bench-sessions-home-'));
// toolgate's state directory for XDG_STATE_HOME=home, as toolgate-acp resolves it.
const state = join(home, 'toolgate');
// A source-like file of about 3 KB, read once per turn.
writeFileSync(
  join(root, 'notes.ts'),
  `export const line = 'the quick brown fox jumps over the lazy dog';\n`.repeat(45),
);
const server = await startFakeModelServer();
const env = {
  TOOLGATE_MODEL: 'openai-compatible:bench',
  TOOLGATE_BASE_URL: server.baseURL,
  XDG_CONFIG_HOME: home,
};
const settings = await resolveSessionSettings({ root, env, approval: 'auto', notice: () => {} });
const open = (store) =>
  openHostSession(settings, {
    purpose: { kind: 'agent' },
    answeredBy: 'bench',
    env,
    notice: () => {},
    ...(store ? { store: { stateDirectory: state } } : {}),
  });
const oneToolTurn = () =>
  server.reply(
    { toolCalls: [{ name: 'read_file', arguments: { path: 'notes.ts' } }] },
    { text: 'The file repeats one line about a fox; nothing to change.' },
  );
async function turn(session, index) {
  oneToolTurn();
  const result = await session.prompt(`Turn ${index}: what does notes.ts say?`).result;
  if (result.stopReason !== 'completed') throw new Error(`turn ended ${result.stopReason}`);
}

// 1. Store size.
const sized = await open(true);
for (let index = 1; index <= TURNS; index++) await turn(sized, index);
const log = join(sessionDirectory(state, sized.stored.id), 'session.jsonl');
const logBytes = statSync(log).size;
const historyBytes = Buffer.byteLength(JSON.stringify(sized.history()));
await sized.close();

// 2. Recording cost per turn, interleaved.
const recorded = await open(true);
const bare = await open(false);
await turn(recorded, 0);
await turn(bare, 0);
const cost = { recorded: [], bare: [] };
// CPU time of this process (the agent, the store and the fake server alike): on a loaded machine
// wall time mostly measures the scheduler.
const cpu = { recorded: 0, bare: 0 };
const ownCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
for (let round = 0; round < COST_ROUNDS; round++) {
  let started = performance.now();
  let own = ownCpu();
  await turn(bare, round);
  cpu.bare += ownCpu() - own;
  cost.bare.push(performance.now() - started);
  started = performance.now();
  own = ownCpu();
  await turn(recorded, round);
  cpu.recorded += ownCpu() - own;
  cost.recorded.push(performance.now() - started);
}
await recorded.close();
await bare.close();

// 3. session/load of a long session.
const long = await open(true);
for (let index = 1; index <= LOAD_TURNS; index++) await turn(long, index);
const longId = long.stored.id;
await long.close();
const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('TOOLGATE_')));
const child = spawn(process.execPath, [bin], {
  env: { ...clean, ...env, XDG_STATE_HOME: home },
  stdio: ['pipe', 'pipe', 'inherit'],
});
let replayed = 0;
const times = { load: [], resume: [] };
await client({ name: 'bench' })
  .onNotification(methods.client.session.update, ({ params }) => {
    if (params.update.sessionUpdate !== 'available_commands_update') replayed += 1;
  })
  .connectWith(ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout)), async (acp) => {
    await acp.request(methods.agent.initialize, { protocolVersion: PROTOCOL_VERSION });
    const params = { sessionId: longId, cwd: root, mcpServers: [] };
    for (let round = 0; round <= ROUNDS; round++) {
      replayed = 0;
      let started = performance.now();
      await acp.request(methods.agent.session.load, params);
      const load = performance.now() - started;
      const updates = replayed;
      await acp.request(methods.agent.session.close, { sessionId: longId });
      started = performance.now();
      await acp.request(methods.agent.session.resume, params);
      const resume = performance.now() - started;
      await acp.request(methods.agent.session.close, { sessionId: longId });
      // Round 0 warms up (JIT, file cache).
      if (round === 0) continue;
      times.load.push(load);
      times.resume.push(resume);
      if (updates !== LOAD_TURNS * 3)
        throw new Error(`replayed ${updates} updates, expected ${LOAD_TURNS * 3}`);
    }
  });
child.stdin.end();
await new Promise((resolve) => child.on('close', resolve));
await server.close();
const loadLog = statSync(join(sessionDirectory(state, longId), 'session.jsonl')).size;
rmSync(root, { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });

if (SMOKE) {
  console.log(`smoke: ${TURNS} recorded turns, ${LOAD_TURNS}-turn session/load: ok`);
  process.exit(0);
}
const perHundred = (logBytes / TURNS) * 100;
console.log(`store size, ${TURNS} one-tool turns (read_file of a 3 KB file):`);
console.log(`  session log                      ${(perHundred / 1024).toFixed(1)} KiB per 100 turns`);
console.log(
  `  bare history (JSON)              ${(((historyBytes / TURNS) * 100) / 1024).toFixed(1)} KiB per 100 turns`,
);
console.log(`  ratio                            ${(logBytes / historyBytes).toFixed(2)}x`);
const recordedMs = median(cost.recorded);
const bareMs = median(cost.bare);
console.log(`one-tool turn against the loopback model (median of ${COST_ROUNDS}):`);
console.log(`  unrecorded session               ${bareMs.toFixed(2)} ms`);
console.log(`  recorded session                 ${recordedMs.toFixed(2)} ms`);
console.log(
  `  ratio                            ${(recordedMs / bareMs).toFixed(2)}x (+${(recordedMs - bareMs).toFixed(2)} ms per turn)`,
);
const cpuBare = cpu.bare / COST_ROUNDS;
const cpuRecorded = cpu.recorded / COST_ROUNDS;
console.log(
  `  CPU per turn                     ${cpuBare.toFixed(2)} ms unrecorded, ${cpuRecorded.toFixed(2)} ms recorded: ${(cpuRecorded / cpuBare).toFixed(2)}x (+${(cpuRecorded - cpuBare).toFixed(2)} ms)`,
);
const loadMs = median(times.load);
const resumeMs = median(times.resume);
console.log(
  `toolgate-acp, a ${LOAD_TURNS}-turn session (log ${(loadLog / 1024).toFixed(0)} KiB, median of ${ROUNDS}):`,
);
console.log(`  session/resume (no replay)       ${resumeMs.toFixed(1)} ms`);
console.log(`  session/load (replays ${LOAD_TURNS * 3} updates) ${loadMs.toFixed(1)} ms`);
console.log(
  `  ratio                            ${(loadMs / resumeMs).toFixed(2)}x (+${(loadMs - resumeMs).toFixed(1)} ms for the replay)`,
);
