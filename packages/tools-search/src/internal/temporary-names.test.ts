import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isTemporaryName, temporaryName } from '@toolgate/core/workspace-io';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIPGREP, removeDirectory, temporaryDirectory } from '../test-support/search-fixture.js';
import { RIPGREP_TEMPORARY_FLAGS } from './temporary-names.js';

/** Pieces that build names near the shape: dots, hex digits in both cases, the suffix in pieces, lookalikes. */
const PIECES = [
  '.',
  '..',
  'a',
  'F',
  'f',
  '0',
  '9',
  'g',
  'G',
  '0123456789ab',
  '0123456789AB',
  'fedcba98765',
  '.toolgate-tmp',
  '.TOOLGATE-TMP',
  '.Toolgate-Tmp',
  'toolgate',
  '-tmp',
  'tmp',
  '\u212a', // KELVIN SIGN, which Unicode case folding makes a `k`
  '\u017f', // LATIN SMALL LETTER LONG S, folded to `s`
  '\uff10', // FULLWIDTH DIGIT ZERO
  '\u0430', // CYRILLIC SMALL LETTER A
  'é',
  ' ',
  '\n',
  '*',
  '?',
  '[',
  ']',
  '{',
  ',',
  '}',
  '\\',
  '!',
];

const nearShape = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 })
  .map((pieces) => pieces.join(''));
const madeByWrites = fc
  .tuple(fc.string({ minLength: 1, maxLength: 30, unit: 'binary' }), fc.boolean())
  .map(([name, upper]) => {
    const made = temporaryName(name.replaceAll('/', '_').replaceAll('\0', '_'));
    return upper ? made.toUpperCase() : made;
  });

/** A name a directory entry can have on Linux. */
const validName = (name: string): boolean =>
  name !== '.' &&
  name !== '..' &&
  !name.includes('/') &&
  !name.includes('\0') &&
  Buffer.byteLength(name) <= 255;

describe.runIf(RIPGREP)('ripgrep’s temporary-name glob and the workspace’s isTemporaryName', () => {
  let root: string;
  beforeAll(async () => {
    root = await temporaryDirectory();
  });
  afterAll(() => removeDirectory(root));

  it('prune exactly the same names, over generated names near the shape', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.oneof(nearShape, madeByWrites), { minLength: 1, maxLength: 40 }),
        async (generated) => {
          const names = [...new Set(generated.filter(validName))];
          const directory = join(root, String(round++));
          await mkdir(directory);
          for (const name of names) await writeFile(join(directory, name), '');
          const run = spawnSync(
            RIPGREP!,
            ['--files', '--hidden', '--no-ignore', '--no-config', '--null', ...RIPGREP_TEMPORARY_FLAGS, '.'],
            { cwd: directory, encoding: 'utf8' },
          );
          // rg exits 1 when it lists nothing.
          expect([run.status, run.stderr]).toEqual([run.stdout === '' ? 1 : 0, '']);
          const listed = run.stdout
            .split('\0')
            .filter((path) => path !== '')
            .map((path) => path.replace(/^\.\//, ''));
          const kept = names.filter((name) => !isTemporaryName(name));
          expect(listed.sort()).toEqual(kept.sort());
        },
      ),
      { numRuns: 100 },
    );
  });

  it('both see every name a write makes as one, in either case', () => {
    fc.assert(fc.property(madeByWrites, (name) => isTemporaryName(name)));
  });
});
