import { spawnSync } from 'node:child_process';
import { createSecretMatcher, DEFAULT_SECRET_PATTERNS } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { RIPGREP, removeDirectory, temporaryDirectory, writeTree } from '../test-support/search-fixture.js';
import { ripgrepSecretFlags } from './secret-names.js';

/** What `rg --files` lists under `root` with `flags`, sorted. */
function listed(root: string, flags: readonly string[]): string[] {
  const run = spawnSync(RIPGREP!, ['--no-config', '--hidden', ...flags, '--files', '--null', './'], {
    cwd: root,
    encoding: 'utf8',
  });
  return run.stdout
    .split('\0')
    .filter((path) => path !== '')
    .sort();
}

describe('ripgrepSecretFlags', () => {
  it('joins the prunable patterns into one alternation, a pattern with a comma on its own', () => {
    expect(ripgrepSecretFlags(createSecretMatcher(['*.pem', 'a,b', '.npmrc', '!x']))).toEqual([
      '--iglob',
      '!{*.pem,.npmrc}',
      '--iglob',
      '!a,b',
    ]);
    expect(ripgrepSecretFlags(createSecretMatcher(['*.pem']))).toEqual(['--iglob', '!*.pem']);
    expect(ripgrepSecretFlags(createSecretMatcher([]))).toEqual([]);
  });

  it.skipIf(!RIPGREP)('makes rg prune exactly what one --iglob per pattern prunes', async () => {
    const root = await temporaryDirectory();
    try {
      await writeTree(root, {
        '.env': '',
        '.ENV': '',
        '.env.local': '',
        'app/server.PEM': '',
        'app/server.pem.txt': '',
        'app/id_rsa.pub': '',
        'app/a,b': '',
        'app/a{b}': '',
        'app/c[d]': '',
        'keys.key/inside.txt': '',
        'deep/.npmrc/inside.txt': '',
        'deep/ok.ts': '',
        'x.ts': '',
      });
      for (const patterns of [
        DEFAULT_SECRET_PATTERNS,
        ['*.pem', 'a,b', 'a{b}', 'c[d]', '.npmrc', 'id_rsa*'],
        ['*.key', '.env'],
      ]) {
        const matcher = createSecretMatcher(patterns);
        // One --iglob per pattern, as before the alternation: each pattern alone with the exceptions.
        const exceptions = patterns.filter((pattern) => pattern.startsWith('!'));
        const separate = matcher.included.flatMap((pattern) =>
          ripgrepSecretFlags(createSecretMatcher([pattern, ...exceptions])),
        );
        expect(listed(root, ripgrepSecretFlags(matcher))).toEqual(listed(root, separate));
      }
      expect(listed(root, ripgrepSecretFlags(createSecretMatcher(DEFAULT_SECRET_PATTERNS)))).toEqual([
        // .env.local falls under an exception's pattern (.env.*): dropped after rg, not by it.
        './.env.local',
        './app/a,b',
        './app/a{b}',
        './app/c[d]',
        './app/server.pem.txt',
        './deep/ok.ts',
        './x.ts',
      ]);
    } finally {
      await removeDirectory(root);
    }
  });
});
