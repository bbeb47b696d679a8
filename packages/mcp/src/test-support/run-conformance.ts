import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The pinned suite's command line program. */
const SUITE = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);
/** Expected failures, each with its reason. */
export const BASELINE = fileURLToPath(new URL('../../conformance/baseline.yml', import.meta.url));

/** What one scenario run gave: the suite's verdict against the baseline and its checks. */
export interface ScenarioRun {
  /** The suite's exit code: 0 when the outcome matches the baseline. */
  readonly exitCode: number;
  /** Its report, for the failure message. */
  readonly output: string;
  /** Checks by status (SUCCESS, FAILURE, WARNING; INFO left out). */
  readonly counts: Readonly<Record<string, number>>;
}

/**
 * Runs the suite once (`client --command …` or `server --url …`) for one scenario, with the
 * checked-in baseline, and reads the checks it saved.
 */
export async function runConformance(args: readonly string[], scenario: string): Promise<ScenarioRun> {
  const out = await mkdtemp(join(tmpdir(), 'toolgate-conformance-'));
  try {
    const { exitCode, output } = await new Promise<{ exitCode: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [SUITE, ...args, '--scenario', scenario, '--expected-failures', BASELINE, '-o', out],
        { timeout: 120_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          resolve({ exitCode: code, output: `${stdout}\n${stderr}` });
        },
      );
    });
    const counts: Record<string, number> = {};
    for (const entry of await readdir(out, { recursive: true })) {
      if (!entry.endsWith('checks.json')) continue;
      const checks = JSON.parse(await readFile(join(out, entry), 'utf8')) as { status: string }[];
      for (const check of checks) {
        if (check.status !== 'INFO') counts[check.status] = (counts[check.status] ?? 0) + 1;
      }
    }
    return { exitCode, output, counts };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
