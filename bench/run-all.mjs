// Runs every benchmark in this folder (each `*/run.mjs`), one after another. Build first (`pnpm build`).
// `node bench/run-all.mjs [--smoke] [name …]`: with `--smoke`, each runs one tiny round of the same
// code path (no figures to read; CI runs it so a benchmark that no longer runs is noticed), and
// this exits non-zero when any of them fails.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const flags = process.argv.slice(2).filter((argument) => argument.startsWith('--'));
const only = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const names = readdirSync(import.meta.dirname)
  .filter((name) => statSync(join(import.meta.dirname, name)).isDirectory())
  .filter((name) => !name.startsWith('.') && name !== 'node_modules')
  .filter((name) => only.length === 0 || only.includes(name));
const failed = [];
const started = performance.now();
for (const name of names) {
  console.log(`\n=== bench/${name} ===`);
  const benchStarted = performance.now();
  const result = spawnSync(process.execPath, [join(import.meta.dirname, name, 'run.mjs'), ...flags], {
    stdio: 'inherit',
  });
  const seconds = ((performance.now() - benchStarted) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed.push(name);
    console.log(`=== bench/${name} FAILED (exit ${result.status ?? result.signal}) after ${seconds} s`);
  } else console.log(`=== bench/${name} done in ${seconds} s`);
}
const total = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  failed.length === 0
    ? `\n${names.length} benchmarks ran in ${total} s`
    : `\n${failed.length} of ${names.length} benchmarks failed (${failed.join(', ')}) in ${total} s`,
);
process.exit(failed.length === 0 ? 0 : 1);
