// Runs every benchmark in this folder (each `*/run.mjs`), one after another. Build first (`pnpm build`).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv.slice(2);
const names = readdirSync(import.meta.dirname)
  .filter((name) => statSync(join(import.meta.dirname, name)).isDirectory())
  .filter((name) => !name.startsWith('.') && name !== 'node_modules')
  .filter((name) => only.length === 0 || only.includes(name));
let failed = 0;
for (const name of names) {
  console.log(`\n=== bench/${name} ===`);
  const result = spawnSync(process.execPath, [join(import.meta.dirname, name, 'run.mjs')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
