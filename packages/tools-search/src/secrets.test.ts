import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createHarness,
  ENGINES,
  removeDirectory,
  type SearchHarness,
  temporaryDirectory,
  writeTree,
} from './test-support/search-fixture.js';

describe.each(ENGINES)('secrets in glob and grep (%s engine)', (engine) => {
  let root: string;
  let harness: SearchHarness;

  beforeEach(async () => {
    root = await temporaryDirectory();
    await writeTree(root, {
      '.env': 'TOKEN=sk-live-root\n',
      '.env.local': 'TOKEN=sk-live-local\n',
      '.ENV.PRODUCTION': 'TOKEN=sk-live-upper\n',
      '.env.example': 'TOKEN=\n',
      'app/config.ts': 'export const TOKEN = process.env.TOKEN;\n',
      'app/certs/server.pem': 'TOKEN=-----BEGIN PRIVATE KEY-----\n',
      'app/deploy/id_ed25519': 'TOKEN=ssh-key\n',
      'app/.npmrc': '//registry/:_authToken=TOKEN\n',
      'keys.key/readme.txt': 'TOKEN inside a directory named like a secret\n',
      'app/innocent.txt': { symlink: '../.env' },
    });
    harness = createHarness({ root }, { engine });
  });
  afterEach(() => removeDirectory(root));

  it('grep never searches a secret across the tree, nor through a link', async () => {
    const result = await harness.call('grep', { pattern: 'TOKEN' });
    expect(result).toMatchObject({
      status: 'success',
      output: {
        matches: [
          { file: '.env.example', line: 1, content: 'TOKEN=' },
          { file: 'app/config.ts', line: 1, content: 'export const TOKEN = process.env.TOKEN;' },
        ],
        filesMatched: 2,
        truncated: false,
      },
    });
    expect(JSON.stringify(result)).not.toContain('sk-live');
  });

  it('grep refuses a secret named as its path, and a link to one', async () => {
    for (const path of ['.env', 'app/innocent.txt', 'app/../.env.local']) {
      expect(await harness.call('grep', { pattern: 'TOKEN', path })).toMatchObject({
        status: 'failure',
        error: { code: 'secret_file' },
      });
    }
  });

  it('glob does not list secrets, not even by name, and leaves examples listed', async () => {
    expect(await harness.call('glob', { pattern: '**/*' })).toMatchObject({
      status: 'success',
      output: { matches: ['.env.example', 'app/config.ts'], truncated: false },
    });
    expect(await harness.call('glob', { pattern: '**/.env*' })).toMatchObject({
      output: { matches: ['.env.example'] },
    });
  });

  it('searches everything when the list is empty', async () => {
    const open = createHarness({ root, secrets: [] }, { engine });
    const result = await open.call('glob', { pattern: '**/*' });
    expect(result.status === 'success' && (result.output as { count: number }).count).toBe(9);
  });
});
