// The price of the bubblewrap sandbox, in the same run:
//  200 × `true` through the bash tool with a bwrap sandbox bound (workspace-write, network off),
//  versus `bwrap <the same arguments> sh -c true` spawned directly with the tool's spawn options
//  (goal ≤ 1.15×: what the tool adds to the sandbox), versus the tool without a sandbox (the
//  price of the sandbox), versus spawn('sh', ['-c', 'true']). The tool and the peers use /bin/sh.
// The workspace holds a few files, a .git directory and a .env, so each call also looks up the
// secrets and protected paths, as it does for real. Build first (`pnpm build`). Prints medians.
// `--smoke`: one round of 3 calls each, the same code path.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolSurface, createWorkspace, standardDecorators } from '@toolgate/core';
import { openBwrapSandbox } from '@toolgate/sandbox-bwrap';
import { createProcessRegistry, createShellTools } from '@toolgate/tools-shell';

const SMOKE = process.argv.includes('--smoke');
const CALLS = SMOKE ? 3 : 200;
const ROUNDS = SMOKE ? 1 : 5;
const SAME_OPTIONS = { stdio: ['ignore', 'pipe', 'pipe'], detached: true };
const SH = { file: '/bin/sh', args: ['-c'] };

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function run(file, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, options);
    for (const stream of child.stdio.slice(1)) stream?.on('data', () => {});
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited ${code}`))));
  });
}

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-bench-sandbox-')));
for (const directory of ['.git/hooks', 'src/lib', 'test'])
  mkdirSync(join(root, directory), { recursive: true });
for (const [path, text] of [
  ['.git/HEAD', 'ref: refs/heads/main\n'],
  ['.env', 'API_KEY=x\n'],
  ['package.json', '{}\n'],
  ['src/index.ts', 'export {};\n'],
  ['src/lib/a.ts', 'export {};\n'],
  ['test/a.test.ts', '\n'],
]) {
  writeFileSync(join(root, path), text);
}

try {
  const opening = await openBwrapSandbox({ workspaceRoot: root, mode: 'workspace-write' });
  if (!opening.ok) {
    console.log(`bench/sandbox skipped: ${opening.reason}`);
    process.exit(0);
  }
  const { sandbox } = opening;
  const surfaceOf = (options) => {
    const processes = createProcessRegistry();
    const { bash } = createShellTools({
      workspace: createWorkspace({ root }),
      processes,
      shellPath: '/bin/sh',
      ...options,
    });
    // Safe mode asks before each exec; this approver allows, as a user would.
    const surface = createToolSurface({
      tools: [bash],
      decorators: standardDecorators({ approval: { mode: 'safe', approver: async () => 'allow_once' } }),
    });
    let id = 0;
    return {
      processes,
      async call(command) {
        const result = await surface.executor.execute({
          id: `b${++id}`,
          name: 'bash',
          arguments: { command },
        });
        if (result.status !== 'success' || result.output.exitCode !== 0)
          throw new Error(JSON.stringify(result));
        return result.output;
      },
    };
  };
  const sandboxed = surfaceOf({ sandbox });
  const local = surfaceOf({});
  if ((await sandboxed.call('true')).executionEnvironment !== 'sandbox') throw new Error('not sandboxed');
  const wrapped = await sandbox.wrapShell({ shell: SH, workingDirectory: root });
  // bubblewrap reports its child's pid on fd 3 (--info-fd 3), as the tool gives it: a pipe there too.
  const BWRAP_OPTIONS = wrapped.reportsChildPidOnFd3
    ? { ...SAME_OPTIONS, stdio: [...SAME_OPTIONS.stdio, 'pipe'] }
    : SAME_OPTIONS;

  console.log(
    `bench/sandbox — ${new Date().toISOString()}, node ${process.version}, ${ROUNDS} rounds (medians)`,
  );
  const times = { spawn: [], bwrap: [], sandboxed: [], local: [] };
  for (let round = 0; round < ROUNDS; round++) {
    times.spawn.push(
      await timed(async () => {
        for (let index = 0; index < CALLS; index++) await run('sh', ['-c', 'true'], SAME_OPTIONS);
      }),
    );
    times.bwrap.push(
      await timed(async () => {
        for (let index = 0; index < CALLS; index++)
          await run(wrapped.file, [...wrapped.args, 'true'], BWRAP_OPTIONS);
      }),
    );
    times.sandboxed.push(
      await timed(async () => {
        for (let index = 0; index < CALLS; index++) await sandboxed.call('true');
      }),
    );
    times.local.push(
      await timed(async () => {
        for (let index = 0; index < CALLS; index++) await local.call('true');
      }),
    );
  }
  await Promise.all([sandboxed.processes.close(), local.processes.close()]);
  const [spawnMs, bwrapMs, sandboxedMs, localMs] = ['spawn', 'bwrap', 'sandboxed', 'local'].map((key) =>
    median(times[key]),
  );
  const line = (label, ms, extra = '') =>
    console.log(
      `  ${label.padEnd(40)}${ms.toFixed(0).padStart(6)} ms  (${(ms / CALLS).toFixed(2)} ms/call)${extra}`,
    );
  console.log(`\n${CALLS} × true`);
  line("spawn('sh', ['-c', 'true'])", spawnMs);
  line('bwrap <same arguments> sh -c true', bwrapMs, `  ratio ${(bwrapMs / spawnMs).toFixed(2)}× vs spawn`);
  line('bash tool, no sandbox', localMs, `  ratio ${(localMs / spawnMs).toFixed(2)}× vs spawn`);
  line(
    'bash tool, bwrap sandbox',
    sandboxedMs,
    `  ratio ${(sandboxedMs / bwrapMs).toFixed(2)}× vs bwrap directly (goal ≤ 1.15×), ${(sandboxedMs / localMs).toFixed(2)}× vs no sandbox`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
