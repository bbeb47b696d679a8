import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ripgrepHasPcre2 } from '../internal/ripgrep-has-pcre2.js';
import {
  createHarness,
  ENGINES,
  RIPGREP,
  removeDirectory,
  temporaryDirectory,
  writeTree,
} from '../test-support/search-fixture.js';

const PCRE2 = RIPGREP !== undefined && (await ripgrepHasPcre2(RIPGREP));
if (RIPGREP && !PCRE2) console.warn('pathological patterns: this `rg` has no PCRE2, its tests are skipped');

/** One line a backtracking engine cannot finish for the patterns below (2^41 paths). */
const EVIL_LINE = `${'a'.repeat(41)}!`;

let root: string;

beforeAll(async () => {
  root = await temporaryDirectory();
  await writeTree(root, {
    'evil.txt': `${EVIL_LINE}\n`,
    'fine.txt': 'aaab\nfoo(xyz)\n',
    'words.txt': 'caf\u00e9 latte\nplain cafe\nunicaf\u00e9s\n',
    'big.txt': Array.from({ length: 80_000 }, (_, index) =>
      [1, 26_215, 26_216, 52_000, 80_000].includes(index + 1) ? `needle ${index + 1}` : `line ${index + 1}`,
    ).join('\n'),
  });
});
afterAll(() => removeDirectory(root));

/** Runs `call` while an interval counts its ticks: the count shows whether the event loop ran. */
async function whileCounting<T>(call: () => Promise<T>): Promise<{ result: T; ticks: number }> {
  let ticks = 0;
  const interval = setInterval(() => ticks++, 1);
  try {
    const result = await call();
    return { result, ticks };
  } finally {
    clearInterval(interval);
  }
}

describe.each(ENGINES)('pathological patterns (%s engine)', (engine) => {
  it.each(['(a+)+$', '(a|a)*b', '(a|aa)+$', '(\\w+\\s?)+$'])(
    'answers %s over a long line in linear time, with the same matches',
    async (pattern) => {
      const harness = createHarness({ root }, { engine });
      const result = await harness.call('grep', { pattern, path: 'evil.txt' });
      expect(result).toMatchObject({ status: 'success', output: { filesSearched: 1 } });
    },
  );

  it('finds what the linear engine can say exactly: nested quantifiers that do match', async () => {
    const harness = createHarness({ root }, { engine });
    expect(await harness.call('grep', { pattern: '(a|a)*b', path: 'fine.txt' })).toMatchObject({
      output: { matches: [{ file: 'fine.txt', line: 1, content: 'aaab' }] },
    });
  });

  it('numbers lines right in a file matched piece by piece (800 KB)', async () => {
    const harness = createHarness({ root }, { engine });
    const result = await harness.call('grep', { pattern: '^needle \\d+$', path: 'big.txt' });
    expect(result).toMatchObject({
      output: {
        matches: [1, 26_215, 26_216, 52_000, 80_000].map((line) => ({ line, content: `needle ${line}` })),
      },
    });
  });

  it('keeps Unicode word boundaries where the text is not ASCII', async () => {
    const harness = createHarness({ root }, { engine });
    expect(await harness.call('grep', { pattern: 'caf\\w\\b', path: 'words.txt' })).toMatchObject({
      output: { matches: [{ line: 1 }, { line: 2 }] },
    });
    expect(await harness.call('grep', { pattern: '\\bcafe\\b', path: 'words.txt' })).toMatchObject({
      output: { matches: [{ line: 2 }] },
    });
  });
});

describe('look-around that backtracks catastrophically', () => {
  it('stops at the call budget in the Node engine while the event loop keeps running', async () => {
    const harness = createHarness({ root }, { engine: 'node', timeoutMs: 300 });
    const { result, ticks } = await whileCounting(() =>
      harness.call('grep', { pattern: '(?=a)(a+)+$', path: 'evil.txt' }),
    );
    expect(result).toMatchObject({ status: 'failure', error: { code: 'timeout' } });
    expect(ticks).toBeGreaterThan(0);
  });

  it('fails fast with pattern_too_complex in the Node engine: one line ran past the budget of a line', async () => {
    const harness = createHarness({ root }, { engine: 'node', timeoutMs: 25_000 });
    const { result, ticks } = await whileCounting(() =>
      harness.call('grep', { pattern: '(?=a)(a+)+$', path: 'evil.txt' }),
    );
    expect(result).toEqual({
      status: 'failure',
      error: {
        code: 'pattern_too_complex',
        message:
          'pattern "(?=a)(a+)+$" backtracks too much (line 1 of evil.txt was still being matched after 1000 ms, the limit for one line); avoid nested quantifiers such as (a+)+ and alternatives that overlap such as (a|a)*.',
      },
    });
    expect(ticks).toBeGreaterThan(0);
    // The next call starts a fresh worker.
    expect(await harness.call('grep', { pattern: 'foo(?=\\()', path: 'fine.txt' })).toMatchObject({
      output: { matches: [{ line: 2 }] },
    });
  });

  it('still finds look-around matches in the Node engine when they are cheap', async () => {
    const harness = createHarness({ root }, { engine: 'node' });
    expect(await harness.call('grep', { pattern: 'foo(?=\\()', path: 'fine.txt' })).toMatchObject({
      output: { matches: [{ line: 2 }] },
    });
  });

  it.skipIf(!PCRE2)('fails fast with pattern_too_complex in rg --pcre2 (its match limit)', async () => {
    const harness = createHarness({ root }, { engine: 'ripgrep' });
    expect(await harness.call('grep', { pattern: '(?=a)(a+)+$', path: 'evil.txt' })).toMatchObject({
      status: 'failure',
      error: { code: 'pattern_too_complex' },
    });
    expect(await harness.call('grep', { pattern: 'foo(?=\\()', path: 'fine.txt' })).toMatchObject({
      output: { matches: [{ line: 2 }] },
    });
  });
});

describe('the call budget', () => {
  it('refuses a budget that is not a positive integer', () => {
    expect(() => createHarness({ root }, { timeoutMs: 0 })).toThrow(/timeoutMs/);
  });
});
