// bench/checkpoints: what a per-turn checkpoint costs on a 65,536-file tree (2,048 directories)
// when a turn changes a few files (3 rewritten, 1 created, 1 removed), against Gemini CLI's way —
// `git add -A && git commit` in a shadow repository outside the tree (GIT_DIR elsewhere,
// GIT_WORK_TREE the tree) — over the same tree, in the same run. Measured:
// - the first look at the tree (toolgate copies every file into its store; git's first add + commit);
// - a turn's checkpoint (toolgate: beforeTurn + afterTurn, fsyncs included) with directory watches,
//   and with the fallback scan; git: add -A + commit; median of ROUNDS turns;
// - rewinding ROUNDS turns (toolgate restore; git restore --source + clean);
// - the checkpoint's share of a one-tool agent turn (write_file) against the loopback fake model
//   through openHostSession, with and without `checkpoints`.
// `--smoke`: a 300-file tree, one turn of each, the same code path, no figures to read.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeModelServer } from '@toolgate/agent/testing';
import { openCheckpoints } from '@toolgate/checkpoints';
import { openHostSession, resolveSessionSettings } from '@toolgate/host';

const SMOKE = process.argv.includes('--smoke');
const TOP = SMOKE ? 3 : 64;
const SUB = SMOKE ? 4 : 32;
const FILES = SMOKE ? 25 : 32;
const ROUNDS = SMOKE ? 1 : Number(process.env.BENCH_RUNS ?? 21);
const AGENT_TURNS = SMOKE ? 1 : 31;

const base = await mkdtemp(join(tmpdir(), 'toolgate-bench-checkpoints-'));
const tree = join(base, 'tree');
const filler = 'x'.repeat(400);

async function buildTree() {
  let count = 0;
  for (let top = 0; top < TOP; top++) {
    for (let sub = 0; sub < SUB; sub++) {
      const directory = join(tree, `d${top}`, `s${sub}`);
      await mkdir(directory, { recursive: true });
      await Promise.all(
        Array.from({ length: FILES }, (_, index) =>
          writeFile(join(directory, `f${index}.txt`), `file ${top}/${sub}/${index}\n${filler}\n`),
        ),
      );
      count += FILES;
    }
  }
  return count;
}

/** One turn's changes: three files rewritten in place, one created, the last round's created one removed. */
async function changeFiles(round) {
  for (let index = 0; index < 3; index++) {
    const path = join(tree, `d${(round + index) % TOP}`, `s${round % SUB}`, `f${index}.txt`);
    await writeFile(path, `${await readFile(path, 'utf8')}round ${round}\n`);
  }
  await writeFile(join(tree, `d0`, `new-${round}.txt`), `created in round ${round}\n`);
  // Gone after a rewind of an earlier phase: force.
  await rm(join(tree, 'd0', `new-${round - 1}.txt`), { force: true });
}

const median = (values) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const time = async (work) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

const exclude = (path) => path.endsWith('/.git') || path.includes('/.git/');

async function toolgateRounds(tracking, directory, firstRound) {
  let checkpoints;
  const open = await time(async () => {
    checkpoints = await openCheckpoints({ workspaceRoot: tree, directory, exclude, tracking });
    await checkpoints.start();
  });
  const turns = [];
  for (let round = 0; round < ROUNDS; round++) {
    const turn = round + 1;
    let cost = await time(() => checkpoints.beforeTurn(turn));
    await changeFiles(firstRound + round);
    cost += await time(() => checkpoints.afterTurn(turn));
    turns.push(cost);
  }
  if (checkpoints.tracking !== tracking)
    throw new Error(`expected ${tracking} tracking, got ${checkpoints.tracking}`);
  const emptyTurn = await time(async () => {
    await checkpoints.beforeTurn(ROUNDS + 1);
    await checkpoints.afterTurn(ROUNDS + 1);
  });
  let restored;
  const rewind = await time(async () => {
    restored = await checkpoints.restore(1);
  });
  if (restored.status !== 'restored') throw new Error(`rewind refused: ${restored.message}`);
  await checkpoints.close();
  return {
    open,
    turn: median(turns),
    emptyTurn,
    rewind,
    restoredPaths: restored.restored.length + restored.deleted.length,
  };
}

function git(shadow, ...args) {
  // No automatic gc or maintenance: it would run in the background, between the measured commits.
  const result = spawnSync('git', ['-c', 'gc.auto=0', '-c', 'maintenance.auto=false', ...args], {
    cwd: tree,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_DIR: shadow,
      GIT_WORK_TREE: tree,
      GIT_AUTHOR_NAME: 'bench',
      GIT_AUTHOR_EMAIL: 'bench@localhost',
      GIT_COMMITTER_NAME: 'bench',
      GIT_COMMITTER_EMAIL: 'bench@localhost',
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: base,
    },
  });
  if (result.status !== 0)
    throw new Error(`git ${args.join(' ')}: ${result.error?.message ?? result.stderr}`);
  return result.stdout.trim();
}

async function gitRounds(firstRound) {
  const shadow = join(base, 'shadow.git');
  const commit = () => {
    git(shadow, 'add', '-A');
    git(shadow, 'commit', '-q', '--allow-empty', '--no-verify', '-m', 'checkpoint');
    return git(shadow, 'rev-parse', 'HEAD');
  };
  let first;
  const open = await time(async () => {
    git(shadow, 'init', '-q');
    first = commit();
  });
  const turns = [];
  for (let round = 0; round < ROUNDS; round++) {
    await changeFiles(firstRound + round);
    turns.push(await time(async () => commit()));
  }
  const emptyTurn = await time(async () => commit());
  const rewind = await time(async () => {
    git(shadow, 'restore', `--source=${first}`, '--worktree', '--', '.');
    git(shadow, 'clean', '-f', '-d', '-q');
  });
  return { open, turn: median(turns), emptyTurn, rewind };
}

/** An agent session over the tree against its own fake model server, with or without checkpoints. */
async function openAgent(withCheckpoints) {
  const server = await startFakeModelServer();
  const config = join(base, 'toolgate.config.json');
  await writeFile(config, '{}');
  const env = { XDG_CONFIG_HOME: join(base, 'config-home'), XDG_STATE_HOME: join(base, 'state') };
  const settings = await resolveSessionSettings({ root: tree, env, configFile: config, notice: () => {} });
  const name = withCheckpoints ? 'checkpointed' : 'plain';
  const session = await openHostSession(settings, {
    answeredBy: 'bench',
    notice: () => {},
    env: { TOOLGATE_MODEL: 'openai-compatible:bench', TOOLGATE_BASE_URL: server.baseURL },
    purpose: { kind: 'agent' },
    mode: () => 'auto',
    ...(withCheckpoints ? { checkpoints: { directory: join(base, 'agent-store') } } : {}),
  });
  await session.checkpoints?.start();
  let turns = 0;
  return {
    async turn() {
      turns += 1;
      server.reply(
        {
          toolCalls: [{ name: 'write_file', arguments: { path: `d1/${name}-${turns}.txt`, content: 'x\n' } }],
        },
        { text: 'done' },
      );
      return time(async () => {
        const result = await session.prompt('write one file').result;
        if (result.stopReason !== 'completed') throw new Error(`turn ended ${result.stopReason}`);
      });
    },
    tracking: () => session.checkpoints?.tracking,
    async close() {
      await session.close();
      await server.close();
    },
  };
}

/** One-tool turns of both sessions, alternating (so both see the same load); the first of each warms up. */
async function agentTurns() {
  const plain = await openAgent(false);
  const checkpointed = await openAgent(true);
  try {
    const times = { plain: [], checkpointed: [] };
    for (let turn = 0; turn <= AGENT_TURNS; turn++) {
      const a = await plain.turn();
      const b = await checkpointed.turn();
      if (turn > 0) {
        times.plain.push(a);
        times.checkpointed.push(b);
      }
    }
    if (checkpointed.tracking() !== 'watch')
      throw new Error(`the agent's checkpoints ${checkpointed.tracking()}`);
    return { plain: median(times.plain), checkpointed: median(times.checkpointed) };
  } finally {
    await plain.close();
    await checkpointed.close();
  }
}

try {
  let files;
  const built = await time(async () => {
    files = await buildTree();
  });
  console.log(`tree: ${files} files in ${TOP * SUB} directories (built in ${ms(built)})`);
  const watch = await toolgateRounds('watch', join(base, 'store-watch'), 0);
  const scan = await toolgateRounds('scan', join(base, 'store-scan'), ROUNDS + 1);
  const shadow = await gitRounds(2 * (ROUNDS + 1));
  const { plain, checkpointed } = await agentTurns();
  if (SMOKE) {
    console.log('bench/checkpoints: smoke run done (no figures)');
  } else {
    const rows = [
      ['first look (copy / add + commit)', watch.open, shadow.open],
      ['checkpoint of a turn, watch', watch.turn, shadow.turn],
      ['checkpoint of a turn, fallback scan', scan.turn, shadow.turn],
      ['checkpoint of a turn that changed nothing, watch', watch.emptyTurn, shadow.emptyTurn],
      [`rewind ${ROUNDS} turns (${watch.restoredPaths} paths)`, watch.rewind, shadow.rewind],
    ];
    console.log(`| measure | toolgate | shadow git | ratio |`);
    console.log(`|---|---|---|---|`);
    for (const [label, ours, theirs] of rows) {
      console.log(`| ${label} | ${ms(ours)} | ${ms(theirs)} | ${(ours / theirs).toFixed(3)}× |`);
    }
    console.log(
      `one-tool agent turn (write_file, loopback model): ${ms(plain)} without checkpoints, ${ms(checkpointed)} with; ` +
        `the watch checkpoint (${ms(watch.turn)}) is ${((100 * watch.turn) / plain).toFixed(1)}% of the turn`,
    );
    console.log(
      `goal: < 50 ms per turn and < 5% of a one-tool turn, whatever the tree size: ${
        watch.turn < 50 && watch.turn / plain < 0.05 ? '✔' : '✘'
      }`,
    );
  }
} finally {
  await rm(base, { recursive: true, force: true, maxRetries: 5 });
}
