import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectCommandLine } from './inspect-command.js';
import { createTrustCollector } from './trust-collector.js';
import { verifiedCommandLine } from './verified-command-line.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-verified-line-')));
  await writeFile(join(root, 'check.mjs'), 'process.exit(0);\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('verifiedCommandLine', () => {
  it.each([
    ['node ./check.mjs --strict', 'node /copies/check.mjs --strict'],
    ['exec node ./check.mjs --strict', 'exec node /copies/check.mjs --strict'],
    ['exec -a hook node ./check.mjs', 'exec -a hook node /copies/check.mjs'],
  ])('names the verified copy in place of the workspace script: %s', async (line, expected) => {
    const collector = createTrustCollector(root);
    const plan = await inspectCommandLine(line, {
      collector,
      cwd: root,
      path: '/usr/local/bin:/usr/bin:/bin',
      what: 'hooks.preToolUse[0].command',
    });
    expect({ refusals: collector.refusals, line: plan && verifiedCommandLine(plan, '/copies') }).toEqual({
      refusals: [],
      line: expected,
    });
  });
});
