import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHarness,
  ENGINES,
  removeDirectory,
  temporaryDirectory,
  writeTree,
} from '../test-support/search-fixture.js';

/** A name on which a backtracking matcher of the globs below runs for ages. */
const LONG_NAME = `${'a'.repeat(60)}!`;

let root: string;

beforeAll(async () => {
  root = await temporaryDirectory();
  await writeTree(root, { [LONG_NAME]: '', 'keep.ts': 'x\n', 'drop.js': 'x\n' });
});
afterAll(() => removeDirectory(root));

describe.each(ENGINES)('globs that make a backtracking matcher blow up (%s engine)', (engine) => {
  it.each(['+(a|aa)', '*a*a*a*a*a*a*a*a*a*a*b', '*(a|a)b'])('answers glob %s at once', async (pattern) => {
    const harness = createHarness({ root }, { engine });
    expect(await harness.call('glob', { pattern })).toMatchObject({
      status: 'success',
      output: { matches: [] },
    });
  });

  it('answers the same globs as grep include', async () => {
    const harness = createHarness({ root }, { engine });
    expect(await harness.call('grep', { pattern: 'x', include: '*a*a*a*a*a*a*a*a*a*a*b' })).toMatchObject({
      status: 'success',
      output: { matches: [] },
    });
  });

  it('runs the negated extglob !(…) in a worker: still correct when cheap', async () => {
    const harness = createHarness({ root }, { engine });
    expect(await harness.call('glob', { pattern: '@(!(*.js|*!))' })).toMatchObject({
      output: { matches: ['keep.ts'] },
    });
  });

  it('stops a negated extglob that backtracks at the budget, the event loop running meanwhile', async () => {
    const harness = createHarness({ root }, { engine, timeoutMs: 300 });
    let ticks = 0;
    const interval = setInterval(() => ticks++, 1);
    try {
      expect(await harness.call('glob', { pattern: '@(!(+(a|aa)))' })).toMatchObject({
        status: 'failure',
        error: { code: 'timeout' },
      });
    } finally {
      clearInterval(interval);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it('refuses the negated extglob in grep include, saying why', async () => {
    const harness = createHarness({ root }, { engine });
    expect(await harness.call('grep', { pattern: 'x', include: '!(*.js)' })).toMatchObject({
      status: 'failure',
      error: { code: 'invalid_arguments' },
    });
    expect(await harness.call('grep', { pattern: 'x', include: '@(!(*.js))' })).toMatchObject({
      status: 'failure',
      error: { code: 'invalid_arguments', message: expect.stringContaining('!(…)') },
    });
  });
});

describe.each(ENGINES)(
  'an ignore file with a glob that blows up a backtracking matcher (%s engine)',
  (engine) => {
    it('walks a tree with a long name past it, as ripgrep does', async () => {
      const directory = await temporaryDirectory();
      try {
        await writeTree(directory, {
          '.ignore': '*a*a*a*a*a*a*a*a*a*a*a*b\n**/*a*a*a*a*a*a*a*a*a*a*c\n',
          [`${'a'.repeat(200)}!`]: '',
          'x.txt': '',
        });
        const harness = createHarness({ root: directory }, { engine });
        expect(await harness.call('glob', { pattern: '**' })).toMatchObject({
          status: 'success',
          output: { count: 3 },
        });
      } finally {
        await removeDirectory(directory);
      }
    });
  },
);
