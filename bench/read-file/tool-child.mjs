// Child of bench/read-file/run.mjs: runs read_file in a fresh process so its peak RSS can be
// measured against the process's idle RSS (Linux: VmRSS / VmHWM, the peak reset through
// /proc/self/clear_refs before each scenario). Prints JSON.
import { readFileSync, writeFileSync } from 'node:fs';
import { createWorkspace } from '@toolgate/core';
import { createFsTools } from '@toolgate/tools-fs';

const [root, file, scenariosJson] = process.argv.slice(2);
const scenarios = JSON.parse(scenariosJson);
const tools = createFsTools({ workspace: createWorkspace({ root }) });
const signal = new AbortController().signal;

function statusKb(field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) : Number.NaN;
}

async function read(startLine, endLine) {
  const result = await tools.read_file.execute(
    { path: file, startLine, endLine, maxChars: 1_000_000 },
    { callId: 'bench', signal, plan: undefined },
  );
  if (result.status !== 'success') throw new Error(JSON.stringify(result));
  return result.output;
}

// Warm-up: compile the code paths on a short read.
for (let index = 0; index < 50; index++) await read(1, 200);
globalThis.gc?.();
const idleKb = statusKb('VmRSS');
const results = [];
for (const scenario of scenarios) {
  writeFileSync('/proc/self/clear_refs', '5');
  const times = [];
  let content = '';
  for (let run = 0; run < scenario.runs; run++) {
    const started = process.hrtime.bigint();
    const output = await read(scenario.startLine, scenario.endLine);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    content = output.content;
  }
  times.sort((a, b) => a - b);
  results.push({
    ms: times[Math.floor(times.length / 2)],
    content,
    peakAboveIdleMb: (statusKb('VmHWM') - idleKb) / 1024,
  });
}
process.stdout.write(JSON.stringify({ idleRssMb: idleKb / 1024, results }));
