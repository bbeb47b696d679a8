import type { ReadPolicy, ReadPolicyQuery } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createHarness,
  ENGINES,
  removeDirectory,
  type SearchHarness,
  temporaryDirectory,
  writeTree,
} from './test-support/search-fixture.js';

/** Stands in for the host's `Read(deploy/keys/**)` deny rule: the directory and all below it. */
function denyUnder(directory: string, asked: ReadPolicyQuery[]): ReadPolicy {
  return (query) => {
    asked.push(query);
    return query.displayPath === directory || query.displayPath.startsWith(`${directory}/`)
      ? { message: `Refused by a permission rule: ${query.displayPath}` }
      : undefined;
  };
}

describe.each(ENGINES)('the read policy in glob and grep (%s engine)', (engine) => {
  let root: string;
  let harness: SearchHarness;
  let asked: ReadPolicyQuery[];

  beforeEach(async () => {
    root = await temporaryDirectory();
    await writeTree(root, {
      'deploy/keys/prod.txt': 'TOKEN=prod-secret-value\n',
      'deploy/keys/nested/more.txt': 'TOKEN=nested-secret-value\n',
      'deploy/run.sh': 'echo TOKEN\n',
      'deploy/keys-list.txt': 'TOKEN listed\n',
      'innocent.txt': { symlink: 'deploy/keys/prod.txt' },
      'src/a.ts': 'const TOKEN = 1;\n',
    });
    asked = [];
    harness = createHarness({ root, readPolicy: denyUnder('deploy/keys', asked) }, { engine });
  });
  afterEach(() => removeDirectory(root));

  it('grep applies it to every file of the walk, whatever the search root', async () => {
    for (const path of [undefined, '.', 'deploy']) {
      const result = await harness.call('grep', { pattern: 'TOKEN', ...(path ? { path } : {}) });
      expect(result.status).toBe('success');
      const files =
        result.status === 'success' ? (result.output as { matches: { file: string }[] }).matches : [];
      expect(files.map((match) => match.file)).toEqual(
        path === 'deploy'
          ? ['deploy/keys-list.txt', 'deploy/run.sh']
          : ['deploy/keys-list.txt', 'deploy/run.sh', 'src/a.ts'],
      );
      expect(JSON.stringify(result)).not.toContain('secret-value');
    }
  });

  it('grep refuses a denied directory or file named as its path, and a link to one', async () => {
    for (const path of ['deploy/keys', 'deploy/keys/', 'deploy/keys/prod.txt', 'innocent.txt']) {
      const result = await harness.call('grep', { pattern: 'TOKEN', path });
      expect([path, result.status === 'failure' && result.error.code]).toEqual([path, 'path_denied']);
      expect(JSON.stringify(result)).not.toContain('secret-value');
    }
  });

  it('glob never lists a denied file, and prunes a denied directory without entering it', async () => {
    expect(await harness.call('glob', { pattern: '**/*' })).toEqual({
      status: 'success',
      output: {
        pattern: '**/*',
        path: '.',
        matches: ['deploy/keys-list.txt', 'deploy/run.sh', 'src/a.ts'],
        count: 3,
        truncated: false,
      },
      display: { summary: '3 files', text: 'deploy/keys-list.txt\ndeploy/run.sh\nsrc/a.ts' },
    });
    if (engine === 'node')
      expect(asked.some((query) => query.displayPath.startsWith('deploy/keys/'))).toBe(false);
    const denied = await harness.call('glob', { pattern: '*', path: 'deploy/keys' });
    expect(denied.status === 'failure' && denied.error.code).toBe('path_denied');
  });
});
