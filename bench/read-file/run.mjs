// read_file on a 1 GB text file versus `head -n` and `sed -n 'a,bp'` on the same file: the first
// 200 lines, and 200 lines at the 90% mark. Prints medians, the ratios, and the tool's peak RSS
// above the idle RSS of its process (measured in a child process; Linux /proc). Goal: ≤ 1.5× and
// under 64 MB. Build first (`pnpm build`); the file is generated once under bench/.cache/.
// `--smoke`: a 10^4-line file (1 MB, its own name), one run of each, the same code path.
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CACHE = fileURLToPath(new URL('../.cache/', import.meta.url));
const SMOKE = process.argv.includes('--smoke');
const FILE = join(CACHE, SMOKE ? 'read-file-smoke.txt' : 'read-file-1gb.txt');
const LINE_BYTES = 100;
const LINES = SMOKE ? 10_000 : 10_000_000; // 10^7 lines of 100 bytes: 10^9 bytes
const WINDOW = 200;
const AT_90 = LINES * 0.9 + 1;
const SIZE_LABEL = SMOKE ? '1 MB' : '1 GB';

// Varied text, fixed width (so the line count is known without counting): a numbered prefix and
// one of 1000 pseudo-random bodies.
const BODIES = Array.from({ length: 1000 }, (_, body) => {
  let text = '';
  for (let word = 0; text.length < LINE_BYTES; word++) {
    text += `${(((body + 1) * 2654435761 + word * 40503) >>> 0).toString(36)} `;
  }
  return text;
});

function line(index) {
  return `${String(index).padStart(8, '0')} ${BODIES[index % 1000]}`.slice(0, LINE_BYTES - 1);
}

async function generate() {
  if (existsSync(FILE) && statSync(FILE).size === LINES * LINE_BYTES) return false;
  mkdirSync(CACHE, { recursive: true });
  const partial = `${FILE}.partial`;
  const out = createWriteStream(partial);
  const batch = Math.min(20_000, LINES);
  for (let start = 1; start <= LINES; start += batch) {
    let text = '';
    for (let index = start; index < start + batch; index++) text += `${line(index)}\n`;
    if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  renameSync(partial, FILE);
  return true;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeCommand(command, args, runs) {
  const times = [];
  let output = '';
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(command, args, { maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
    output = result.stdout;
  }
  return { ms: median(times), output };
}

const generatedStart = Date.now();
const generated = await generate();
if (generated)
  console.log(
    `generated ${FILE} (${LINES} lines, ${SIZE_LABEL}) in ${((Date.now() - generatedStart) / 1000).toFixed(1)} s`,
  );
// Warm the page cache so every contender reads from memory.
spawnSync('cat', [FILE], { stdio: ['ignore', 'ignore', 'inherit'] });

const scenarios = [
  { name: `first ${WINDOW} lines`, startLine: 1, endLine: WINDOW, runs: SMOKE ? 1 : 21 },
  { name: `${WINDOW} lines at 90%`, startLine: AT_90, endLine: AT_90 + WINDOW - 1, runs: SMOKE ? 1 : 5 },
];

const child = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('./tool-child.mjs', import.meta.url)), CACHE, FILE, JSON.stringify(scenarios)],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (child.status !== 0) throw new Error(`tool child failed: ${child.stderr}`);
const tool = JSON.parse(child.stdout);

console.log(
  `read_file vs head/sed on a ${SIZE_LABEL} file (${LINES} lines), medians; in-process tool call vs peer process`,
);
console.log(`idle RSS of the tool's process: ${tool.idleRssMb.toFixed(1)} MB`);
let ok = true;
for (const [index, scenario] of scenarios.entries()) {
  const measured = tool.results[index];
  const peers =
    scenario.startLine === 1
      ? [
          {
            label: `head -n ${WINDOW}`,
            counts: true,
            ...timeCommand('head', ['-n', String(WINDOW), FILE], scenario.runs),
          },
        ]
      : [
          {
            label: `sed -n '${scenario.startLine},${scenario.endLine}p'`,
            counts: true,
            ...timeCommand('sed', ['-n', `${scenario.startLine},${scenario.endLine}p`, FILE], scenario.runs),
          },
          {
            // Not the peer: sed told to quit after the range, as read_file does.
            label: `sed -n '…p;${scenario.endLine}q'`,
            counts: false,
            ...timeCommand(
              'sed',
              ['-n', `${scenario.startLine},${scenario.endLine}p;${scenario.endLine}q`, FILE],
              scenario.runs,
            ),
          },
        ];
  for (const peer of peers) {
    const expected = peer.output.replace(/\n$/, '');
    if (measured.content !== expected)
      throw new Error(`${scenario.name}: read_file and ${peer.label} disagree`);
    const ratio = measured.ms / peer.ms;
    if (peer.counts) ok &&= ratio <= 1.5 && measured.peakAboveIdleMb < 64;
    console.log(
      `${scenario.name.padEnd(20)} read_file ${measured.ms.toFixed(2).padStart(8)} ms | ${peer.label.padEnd(28)} ${peer.ms.toFixed(2).padStart(8)} ms | ratio ${ratio.toFixed(2)}×${peer.counts ? '' : ' (info)'} | tool peak RSS above idle ${measured.peakAboveIdleMb.toFixed(1)} MB`,
    );
  }
}
console.log(ok ? 'goal met: ≤ 1.5× and < 64 MB above idle' : 'goal NOT met (≤ 1.5× and < 64 MB above idle)');
