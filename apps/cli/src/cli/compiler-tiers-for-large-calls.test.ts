import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LARGE_CALL_ARGS_LENGTH } from './compiler-tiers-for-large-calls.js';

/** V8's optimization status bit for a function compiled by TurboFan (`%GetOptimizationStatus`). */
const TURBOFANNED = 1 << 6;

/** The status of a function V8 is asked to optimize, after `settleCompilerTiers(length)` in a fresh process. */
function statusAfter(length: number): number {
  const module = new URL('./compiler-tiers-for-large-calls.ts', import.meta.url).href;
  const script = [
    `const { settleCompilerTiers } = await import(${JSON.stringify(module)});`,
    `settleCompilerTiers(${length});`,
    'function hot(a) { return a * 2 + 1; }',
    '%PrepareFunctionForOptimization(hot); hot(1); hot(2); %OptimizeFunctionOnNextCall(hot); hot(3);',
    'console.log(%GetOptimizationStatus(hot));',
  ].join('\n');
  const result = spawnSync(
    process.execPath,
    ['--allow-natives-syntax', '--no-warnings', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  expect(result.stderr).toBe('');
  return Number(result.stdout.trim());
}

describe('settleCompilerTiers', () => {
  it('keeps V8 default tiers for ARGS below the large-call length, so TurboFan still optimizes', () => {
    expect(statusAfter(LARGE_CALL_ARGS_LENGTH - 1) & TURBOFANNED).toBe(TURBOFANNED);
  });

  it('turns TurboFan off for a call with large ARGS', () => {
    expect(statusAfter(LARGE_CALL_ARGS_LENGTH) & TURBOFANNED).toBe(0);
  });
});
