import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '@toolgate/core/workspace-io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createHarness,
  ENGINES,
  removeDirectory,
  type SearchHarness,
  temporaryDirectory,
  writeTree,
} from './test-support/search-fixture.js';

/** A name of the shape core's `temporaryName` makes: a write in progress, or a killed one's leftover. */
const IN_FLIGHT = 'src/.app.ts.0123456789ab.toolgate-tmp';

describe.each(ENGINES)('temporary files of atomic writes in glob and grep (%s engine)', (engine) => {
  let root: string;
  let harness: SearchHarness;

  beforeEach(async () => {
    root = await temporaryDirectory();
    await writeTree(root, {
      'src/app.ts': 'export const TOKEN = 1;\n',
      [IN_FLIGHT]: 'export const TOKEN = half-writ',
      [`src/.${'long'.repeat(40)}.0123456789ab.toolgate-tmp`]: 'TOKEN half-writ',
      'src/.dir.0123456789ab.toolgate-tmp/inside.ts': 'TOKEN half-writ',
      // In any case: on a case-insensitive file system this names a write's temporary file.
      'src/.x.0123456789AB.TOOLGATE-TMP': 'TOKEN half-writ',
      // A user's own files that merely end like one are ordinary files.
      'src/cache.toolgate-tmp': 'TOKEN cached\n',
      'src/.x.0123456789a.toolgate-tmp': 'TOKEN eleven\n',
      'src/..0123456789ab.toolgate-tmp': 'TOKEN unnamed\n',
    });
    harness = createHarness({ root }, { engine });
  });
  afterEach(() => removeDirectory(root));

  it('glob never lists one, whatever the pattern', async () => {
    for (const pattern of ['**/*', '**/*.toolgate-tmp', 'src/.app.ts.*', '**/.*']) {
      const result = await harness.call('glob', { pattern });
      if (result.status !== 'success') throw new Error(`glob failed: ${JSON.stringify(result)}`);
      expect(JSON.stringify((result.output as { matches: string[] }).matches)).not.toMatch(
        /\.app\.ts\.|\.longlong|\.dir\.|AB\.TOOLGATE/,
      );
    }
    expect(await harness.call('glob', { pattern: '**/*' })).toMatchObject({
      status: 'success',
      output: {
        matches: [
          'src/..0123456789ab.toolgate-tmp',
          'src/.x.0123456789a.toolgate-tmp',
          'src/app.ts',
          'src/cache.toolgate-tmp',
        ],
      },
    });
  });

  it('grep never searches one, and refuses one named as its path', async () => {
    const result = await harness.call('grep', { pattern: 'TOKEN' });
    expect(result).toMatchObject({
      status: 'success',
      output: {
        matches: [
          { file: 'src/..0123456789ab.toolgate-tmp', line: 1 },
          { file: 'src/.x.0123456789a.toolgate-tmp', line: 1 },
          { file: 'src/app.ts', line: 1 },
          { file: 'src/cache.toolgate-tmp', line: 1 },
        ],
        filesSearched: 4,
      },
    });
    expect(JSON.stringify(result)).not.toContain('half-writ');
    for (const path of [
      IN_FLIGHT,
      'src/.dir.0123456789ab.toolgate-tmp',
      'src/.dir.0123456789ab.toolgate-tmp/inside.ts',
    ])
      expect(await harness.call('grep', { pattern: 'TOKEN', path })).toMatchObject({
        status: 'failure',
        error: { code: 'path_protected' },
      });
  });

  it('lists no write in progress while another call writes', async () => {
    let witnessed = 0;
    // Large, so the write spans many turns of the event loop; tried until a search ran while its
    // temporary file was there before and after (a name is used once, so it was there throughout).
    for (let attempt = 0; attempt < 20 && witnessed === 0; attempt++) {
      let settled = false;
      const write = writeFileAtomic(join(root, 'big.txt'), Buffer.alloc(64 * 1024 * 1024, 'TOKEN\n'), {
        sync: false,
      }).finally(() => {
        settled = true;
      });
      while (!settled) {
        for (const [name, args] of [
          ['glob', { pattern: '**/*' }],
          ['grep', { pattern: 'TOKEN', maxResults: 1 }],
        ] as const) {
          const before = await temporaryNames(root);
          expect(JSON.stringify(await harness.call(name, args))).not.toContain('.big.txt.');
          const after = await temporaryNames(root);
          if (before.some((entry) => after.includes(entry))) witnessed++;
        }
      }
      await write;
    }
    expect(witnessed).toBeGreaterThan(0);
  });
});

async function temporaryNames(root: string): Promise<string[]> {
  return (await readdir(root)).filter((name) => name.startsWith('.big.txt.'));
}
