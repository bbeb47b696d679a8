// apply_patch against the Codex CLI's own `apply_patch` (npm @openai/codex, installed into a temp
// dir by this script, never a workspace dependency):
//  (1) the 23 Codex conformance scenarios through both, printing every outcome difference;
//  (2) a large patch, 500 files × 20 hunks, through both as whole processes (patch on stdin) and
//      through `applyPatch` in-process. Goals: whole-process ≤ 1.5× Codex; in-process < Codex's process.
//      Beside them the Node floor (node-floor.mjs): the same job in plain Node, without guarantees,
//      and the guarantees floor (guarded-floor.mjs): the same job keeping toolgate's write guarantees.
// `--smoke`: toolgate only (no Codex install), 3 scenarios and a 5-file patch once, in a temp dir.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { createWorkspace } from '@toolgate/core';
import { applyPatch } from '@toolgate/tools-patch';

const here = import.meta.dirname;
const scenariosRoot = resolve(here, '../../packages/tools-patch/conformance/codex-apply-patch/scenarios');
const shim = join(here, 'toolgate-apply-patch.mjs');
const floor = join(here, 'node-floor.mjs');
const guardedFloor = join(here, 'guarded-floor.mjs');
const SMOKE = process.argv.includes('--smoke');
const FILES = SMOKE ? 5 : 500;
const HUNKS = SMOKE ? 2 : 20;
// Whole processes on a shared disk swing by a tenth from run to run: seven runs make the median's
// verdict on a goal steady (BENCH_RUNS sets another count).
const RUNS = SMOKE ? 1 : Number(process.env.BENCH_RUNS ?? 7);
// The built CLI, called as a host calls it: `toolgate call apply_patch -` with `{"patch": …}` on stdin.
// BENCH_BASE_CLI=<another build's dist/bin.js> adds that build as one more variant of the same run.
const cliBin = join(
  dirname(createRequire(import.meta.url).resolve('@toolgate/cli/package.json')),
  'dist',
  'bin.js',
);
const CLI_CALL = ['call', 'apply_patch', '-', '--approval', 'auto', '--no-mcp'];
const baseCli = process.env.BENCH_BASE_CLI;

// ---------------------------------------------------------------------------------------------
// Codex: install into a temp dir, find the native binary, expose it as argv[0] `apply_patch`.
function findFile(directory, name, depth = 0) {
  if (depth > 8 || !existsSync(directory)) return undefined;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (
      entry.isFile() &&
      entry.name === name &&
      path.includes(`${'/'}bin${'/'}`) &&
      statSync(path).size > 1e6
    ) {
      return path;
    }
    if (entry.isDirectory()) {
      const found = findFile(path, name, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

async function obtainCodex() {
  const prefix = join(tmpdir(), 'toolgate-bench-codex');
  const modules = join(prefix, 'node_modules', '@openai');
  let binary = findFile(modules, 'codex');
  if (!binary) {
    console.log(`installing @openai/codex into ${prefix} …`);
    await mkdir(prefix, { recursive: true });
    const install = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', '@openai/codex'],
      {
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    if (install.status !== 0)
      return {
        error: `npm install failed: ${(install.stderr || install.error?.message || '').trim().slice(0, 400)}`,
      };
    binary = findFile(modules, 'codex');
  }
  if (!binary)
    return {
      error: 'the @openai/codex package installed, but no native binary for this platform was found in it',
    };
  const link = join(prefix, 'bin-apply-patch', 'apply_patch');
  await mkdir(join(prefix, 'bin-apply-patch'), { recursive: true });
  if (!existsSync(link)) await symlink(binary, link);
  let version = 'unknown';
  try {
    version = JSON.parse(readFileSync(join(modules, 'codex', 'package.json'), 'utf8')).version;
  } catch {}
  const probe = spawnSync(link, ['*** Begin Patch\n*** Add File: probe.txt\n+x\n*** End Patch\n'], {
    cwd: await mkdtemp(join(tmpdir(), 'codex-probe-')),
    encoding: 'utf8',
  });
  if (probe.status !== 0)
    return { error: `the Codex binary did not run as apply_patch: ${probe.stderr || probe.error?.message}` };
  return { command: link, version };
}

// ---------------------------------------------------------------------------------------------
async function snapshot(directory) {
  const out = {};
  const walk = async (current) => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      const key = relative(directory, path);
      if (entry.isDirectory()) {
        out[key] = '<dir>';
        await walk(path);
      } else out[key] = (await readFile(path)).toString('base64');
    }
  };
  await walk(directory);
  return JSON.stringify(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** Runs a process; wall time, and CPU time (user + system) through /usr/bin/time when present. */
function runProcess(argv, cwd, input, env) {
  const command = TIME ? [TIME, '-f', '\n@cpu %U %S', ...argv] : argv;
  const started = process.hrtime.bigint();
  const result = spawnSync(command[0], command.slice(1), {
    cwd,
    input,
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  let stderr = result.stderr ?? '';
  let cpuMs;
  const match = /\n@cpu ([\d.]+) ([\d.]+)\n?$/.exec(stderr);
  if (match) {
    cpuMs = (Number(match[1]) + Number(match[2])) * 1000;
    stderr = stderr.slice(0, match.index);
  }
  return { ms, cpuMs, status: result.status, stdout: result.stdout, stderr };
}

async function conformance(codex) {
  console.log('\n(1) Codex conformance scenarios: outcome (ok/fail) and final tree');
  const names = readdirSync(scenariosRoot)
    .filter((name) => statSync(join(scenariosRoot, name)).isDirectory())
    .sort()
    .slice(0, SMOKE ? 3 : undefined);
  const differences = [];
  let toolgateMatchesExpected = 0;
  for (const name of names) {
    const source = join(scenariosRoot, name);
    const patch = readFileSync(join(source, 'patch.txt'), 'utf8');
    const expected = await snapshot(join(source, 'expected'));
    const outcomes = {};
    for (const [label, argv] of [
      ['toolgate', [process.execPath, shim]],
      ...(codex.command ? [['codex', [codex.command]]] : []),
    ]) {
      const directory = await mkdtemp(join(tmpdir(), 'ap-scenario-'));
      if (existsSync(join(source, 'input'))) await cp(join(source, 'input'), directory, { recursive: true });
      const before = await snapshot(directory);
      const result = runProcess(argv, directory, patch);
      const tree = await snapshot(directory);
      outcomes[label] = {
        ok: result.status === 0,
        tree,
        matchesExpected: tree === expected,
        unchanged: tree === before,
        message: (result.status === 0 ? result.stdout : result.stderr).trim().split('\n')[0],
      };
      await rm(directory, { recursive: true, force: true });
    }
    const ours = outcomes.toolgate;
    if (ours.matchesExpected || (name.startsWith('015_') && ours.unchanged)) toolgateMatchesExpected++;
    const theirs = outcomes.codex;
    const same = theirs && theirs.ok === ours.ok && theirs.tree === ours.tree;
    console.log(
      `  ${same || !theirs ? '  ' : '≠ '}${name.padEnd(52)} toolgate ${ours.ok ? 'ok  ' : 'fail'}${theirs ? `  codex ${theirs.ok ? 'ok  ' : 'fail'}` : ''}`,
    );
    if (theirs && !same) {
      differences.push(
        `${name}: codex ${theirs.ok ? 'ok' : 'fail'}${theirs.matchesExpected ? ' (tree = expected/)' : ''}, toolgate ${ours.ok ? 'ok' : 'fail'}${ours.unchanged ? ' (tree unchanged)' : ours.matchesExpected ? ' (tree = expected/)' : ''}; codex: "${theirs.message}"; toolgate: "${ours.message}"`,
      );
    }
  }
  console.log(
    `  toolgate: ${toolgateMatchesExpected}/${names.length} scenarios as required (015: tree left as input/, atomic on purpose)`,
  );
  if (codex.command) {
    console.log(`  outcome differences from Codex: ${differences.length}`);
    for (const difference of differences) console.log(`    - ${difference}`);
  }
}

// ---------------------------------------------------------------------------------------------
/** Cases beyond the 23 fixtures where toolgate differs from the Codex CLI on purpose. */
const PROBES = [
  ['CRLF file keeps CRLF', { 'a.txt': 'one\r\ntwo\r\n' }, ['*** Update File: a.txt', '-two', '+2']],
  ['no final newline stays without one', { 'a.txt': 'x\ny' }, ['*** Update File: a.txt', '-y', '+z']],
  [
    "context keeps the file's own bytes",
    { 'a.txt': 'say “hi”  \nold\n' },
    ['*** Update File: a.txt', ' say "hi"', '-old', '+new'],
  ],
  [
    'pure addition after its @@ context',
    { 'a.txt': 'a\nb\nc\n' },
    ['*** Update File: a.txt', '@@ a', '+inserted'],
  ],
  [
    'stacked @@ anchors',
    { 'a.py': 'class A:\n  x = 1\nclass B:\n  x = 1\n' },
    ['*** Update File: a.py', '@@ class B:', '@@   x = 1', '+  y = 2'],
  ],
  ['Move without hunks (rename)', { 'a.txt': 'x\n' }, ['*** Update File: a.txt', '*** Move to: b.txt']],
  ['BOM kept', { 'a.txt': '\uFEFFone\n' }, ['*** Update File: a.txt', '-one', '+uno']],
  ['AI4J alias *** Update:', { 'a.txt': 'x\n' }, ['*** Update: a.txt', '-x', '+y']],
  [
    'unified-diff headers',
    { 'a.txt': 'x\n' },
    ['*** Update File: a.txt', '--- a/a.txt', '+++ b/a.txt', '@@ -1 +1 @@', '-x', '+y'],
  ],
  ['absolute path outside the workspace', {}, ['*** Add File: /tmp/toolgate-bench-outside.txt', '+x']],
];

async function probes(codex) {
  if (!codex.command) return;
  console.log('\n(3) cases beyond the fixtures where the two differ (by design; see the README):');
  for (const [name, files, lines] of PROBES) {
    const patch = `*** Begin Patch\n${lines.join('\n')}\n*** End Patch\n`;
    const results = {};
    for (const [label, argv] of [
      ['toolgate', [process.execPath, shim]],
      ['codex', [codex.command]],
    ]) {
      const directory = await mkdtemp(join(tmpdir(), 'ap-probe-'));
      for (const [path, content] of Object.entries(files)) await writeFile(join(directory, path), content);
      const result = runProcess(argv, directory, patch);
      const tree = {};
      for (const entry of await readdir(directory))
        tree[entry] = await readFile(join(directory, entry), 'utf8');
      results[label] = `${result.status === 0 ? 'ok' : 'fail'} ${JSON.stringify(tree)}`;
      await rm(directory, { recursive: true, force: true });
    }
    await rm('/tmp/toolgate-bench-outside.txt', { force: true });
    const same = results.toolgate === results.codex;
    console.log(`  ${same ? '  ' : '≠ '}${name}`);
    if (!same) console.log(`      toolgate: ${results.toolgate}\n      codex:    ${results.codex}`);
  }
}

async function buildLargeCase(root) {
  const base = join(root, 'base');
  const patchPath = join(root, 'patch.txt');
  if (!existsSync(patchPath)) {
    await rm(root, { recursive: true, force: true });
    await mkdir(join(base, 'src'), { recursive: true });
    const sections = [];
    for (let file = 0; file < FILES; file++) {
      const lines = [];
      for (let line = 0; line < HUNKS * 20; line++) {
        lines.push(`    const value_${file}_${line} = compute(${line}, "file ${file}"); // line ${line}`);
      }
      const path = `src/module-${String(file).padStart(3, '0')}.ts`;
      await writeFile(join(base, path), `${lines.join('\n')}\n`);
      const section = [`*** Update File: ${path}`];
      for (let hunk = 0; hunk < HUNKS; hunk++) {
        const at = hunk * 20 + 10;
        section.push('@@');
        for (let context = at - 3; context < at; context++) section.push(` ${lines[context]}`);
        section.push(
          `-${lines[at]}`,
          `+${lines[at].replace('compute', 'computeFast')}`,
          `+    // patched hunk ${hunk}`,
        );
        for (let context = at + 1; context <= at + 3; context++) section.push(` ${lines[context]}`);
      }
      sections.push(section.join('\n'));
    }
    await writeFile(patchPath, `*** Begin Patch\n${sections.join('\n')}\n*** End Patch\n`);
  }
  return { base, patch: readFileSync(patchPath, 'utf8') };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// The CLI runs with a home of its own: no user config, no trusted workspaces, no compile cache
// but the one its first (warm-up) run leaves.
const cliHome = await mkdtemp(join(tmpdir(), 'toolgate-bench-apply-patch-home-'));
const cliEnv = { ...process.env, HOME: cliHome, XDG_CONFIG_HOME: join(cliHome, '.config') };
for (const name of ['TOOLGATE_APPROVAL', 'INIT_CWD']) delete cliEnv[name];

async function largePatch(codex, large, label, workRoot) {
  console.log(`\n  on ${label} (${workRoot}), median of ${RUNS} runs:`);
  const variants = [
    ...(codex.command
      ? [{ name: `codex apply_patch ${codex.version} (process)`, key: 'codex', argv: [codex.command] }]
      : []),
    { name: 'toolgate whole process', key: 'process', argv: [process.execPath, shim] },
    {
      name: 'toolgate whole process, flushed',
      key: 'processSync',
      argv: [process.execPath, shim, '--sync'],
    },
    {
      name: 'toolgate call apply_patch - (the CLI)',
      key: 'cli',
      argv: [process.execPath, cliBin, ...CLI_CALL],
      json: true,
    },
    ...(baseCli
      ? [
          {
            name: 'the same, BENCH_BASE_CLI',
            key: 'baseCli',
            argv: [process.execPath, baseCli, ...CLI_CALL],
            json: true,
          },
        ]
      : []),
    {
      name: 'node floor (no guarantees, in place)',
      key: 'floor',
      argv: [process.execPath, floor],
      json: true,
    },
    {
      name: 'guarantees floor (atomic, boundary, check)',
      key: 'guarded',
      argv: [process.execPath, guardedFloor],
      json: true,
    },
    { name: 'toolgate applyPatch in-process', key: 'inProcess' },
    { name: 'toolgate in-process, flushed', key: 'inProcessSync', sync: true },
  ];
  const times = Object.fromEntries(variants.map((variant) => [variant.key, []]));
  const cpu = Object.fromEntries(variants.map((variant) => [variant.key, []]));
  const trees = {};
  for (let run = 0; run < RUNS; run++) {
    for (const variant of variants) {
      const directory = join(workRoot, `run-${variant.key}`);
      await rm(directory, { recursive: true, force: true });
      await cp(large.base, directory, { recursive: true });
      let ms;
      if (variant.argv) {
        const result = runProcess(
          variant.argv,
          directory,
          variant.json ? JSON.stringify({ patch: large.patch }) : large.patch,
          variant.json ? cliEnv : undefined,
        );
        if (result.status !== 0) throw new Error(`${variant.name} failed: ${result.stderr}${result.stdout}`);
        ms = result.ms;
        if (result.cpuMs !== undefined) cpu[variant.key].push(result.cpuMs);
      } else {
        const workspace = createWorkspace({ root: directory });
        const started = process.hrtime.bigint();
        const cpuStarted = process.cpuUsage();
        const result = await applyPatch(workspace, large.patch, variant.sync ? { sync: true } : {});
        ms = Number(process.hrtime.bigint() - started) / 1e6;
        const used = process.cpuUsage(cpuStarted);
        cpu[variant.key].push((used.user + used.system) / 1000);
        if (result.status !== 'success') throw new Error(JSON.stringify(result));
      }
      times[variant.key].push(ms);
      if (run === 0) trees[variant.key] = await snapshot(directory);
      await rm(directory, { recursive: true, force: true });
    }
  }
  const reference = codex.command ? median(times.codex) : undefined;
  const cpuReference = codex.command && cpu.codex.length > 0 ? median(cpu.codex) : undefined;
  console.log(
    `    ${''.padEnd(44)} ${'wall'.padStart(10)}${reference ? '  (ratio)' : ''}   ${'cpu'.padStart(9)}${cpuReference ? '  (ratio)' : ''}`,
  );
  for (const variant of variants) {
    const value = median(times[variant.key]);
    const cpuValue = cpu[variant.key].length > 0 ? median(cpu[variant.key]) : undefined;
    const ratio =
      reference && variant.key !== 'codex' ? ` (${(value / reference).toFixed(2)}×)` : '         ';
    const cpuRatio =
      cpuReference && cpuValue !== undefined && variant.key !== 'codex'
        ? ` (${(cpuValue / cpuReference).toFixed(2)}×)`
        : '';
    console.log(
      `    ${variant.name.padEnd(44)} ${value.toFixed(0).padStart(7)} ms${ratio.padEnd(9)} ${cpuValue === undefined ? '      n/a' : `${cpuValue.toFixed(0).padStart(6)} ms`}${cpuRatio}`,
    );
  }
  if (reference) {
    const whole = median(times.process) / reference;
    const inProcess = median(times.inProcess) / reference;
    const cli = median(times.cli) / reference;
    const cliCpu = cpuReference ? median(cpu.cli) / cpuReference : undefined;
    console.log(
      `    goal \`toolgate call apply_patch -\` ≤ 1.2× wall, ≤ 1.5× CPU:  ${cli.toFixed(2)}× wall${cliCpu === undefined ? '' : `, ${cliCpu.toFixed(2)}× CPU`} — ${cli <= 1.2 && (cliCpu === undefined || cliCpu <= 1.5) ? 'met' : 'NOT met'}`,
    );
    const floorWall = median(times.floor) / reference;
    const floorCpu = cpuReference ? median(cpu.floor) / cpuReference : undefined;
    console.log(
      `    node floor (bench/apply-patch/node-floor.mjs) against codex:   ${floorWall.toFixed(2)}× wall${floorCpu === undefined ? '' : `, ${floorCpu.toFixed(2)}× CPU`} — ${floorWall <= 1.2 && (floorCpu === undefined || floorCpu <= 1.5) ? 'within' : 'OVER'} the CLI's goal`,
    );
    const guardedWall = median(times.guarded) / reference;
    const guardedCpu = cpuReference ? median(cpu.guarded) / cpuReference : undefined;
    console.log(
      `    guarantees floor (guarded-floor.mjs) against codex:            ${guardedWall.toFixed(2)}× wall${guardedCpu === undefined ? '' : `, ${guardedCpu.toFixed(2)}× CPU`} — ${guardedWall <= 1.2 && (guardedCpu === undefined || guardedCpu <= 1.5) ? 'within' : 'OVER'} the CLI's goal`,
    );
    console.log(
      `    goal whole process ≤ 1.5× codex (wall, the bench's script): ${whole.toFixed(2)}× — ${whole <= 1.5 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `    goal in-process (default) < codex process (wall):     ${inProcess.toFixed(2)}× — ${inProcess < 1 ? 'met' : 'NOT met'}`,
    );
    const identical = Object.values(trees).every((tree) => tree === trees.codex);
    console.log(`    every resulting tree identical to codex's: ${identical}`);
  } else {
    // Without Codex (--smoke), both floors and every variant are checked against toolgate's process.
    const identical = Object.values(trees).every((tree) => tree === trees.process);
    console.log(`    every resulting tree identical to toolgate's whole process: ${identical}`);
    if (!identical) throw new Error('the variants left different trees');
  }
}

const codex = SMOKE ? { error: 'not installed for --smoke' } : await obtainCodex();
if (SMOKE) console.log('smoke round: toolgate only, no figures to compare');
else if (codex.error) {
  console.log(
    `Codex apply_patch NOT AVAILABLE on this machine (${codex.error}); printing toolgate figures only, no ratios.`,
  );
} else {
  console.log(
    `reference: Codex CLI ${codex.version} native binary, run as argv[0] apply_patch (${codex.command})`,
  );
}
console.log(`machine: ${(await import('node:os')).cpus().length} cores, node ${process.version}`);
const only = process.argv.slice(2).find((argument) => !argument.startsWith('--')); // conformance | probes | large (default: all)
if (!only || only === 'conformance') await conformance(codex);
if (!only || only === 'probes') await probes(codex);
if (only && only !== 'large') {
  await rm(cliHome, { recursive: true, force: true });
  process.exit(0);
}
// The smoke round's small case is built afresh in a temp dir, never over the cached large one.
const cache = SMOKE
  ? await mkdtemp(join(tmpdir(), 'toolgate-bench-apply-patch-'))
  : join(here, '../.cache/apply-patch');
const large = await buildLargeCase(cache);
console.log(
  `\n(2) large patch: ${FILES} files × ${HUNKS} hunks (${(large.patch.length / 1e6).toFixed(1)} MB, on stdin for the processes)`,
);
await largePatch(codex, large, 'disk', cache);
if (SMOKE) await rm(cache, { recursive: true, force: true });
else if (existsSync('/dev/shm')) {
  const shm = await mkdtemp('/dev/shm/toolgate-bench-apply-patch-');
  await largePatch(codex, large, 'tmpfs', shm);
  await rm(shm, { recursive: true, force: true });
}
await rm(cliHome, { recursive: true, force: true });
