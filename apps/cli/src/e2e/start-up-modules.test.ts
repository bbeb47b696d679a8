import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

// Node's built-ins that cost milliseconds to load stay out of a command that does not use them:
// a listing and a one-shot read draw no random id and hash nothing, so they load no node:crypto
// (about 7 ms), nor child_process or the network stack. What Node actually loaded is read from
// `process.moduleLoadList` as the process exits.

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolgate-start-up-'));
  await writeFile(join(root, 'a.txt'), 'hello\n');
  await writeFile(
    join(root, 'probe.mjs'),
    `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(join(root, 'loaded.txt'))}, process.moduleLoadList.join('\\n')));\n`,
  );
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const COSTLY = /^NativeModule (crypto|child_process|https?|net|tls|internal\/crypto\/.*)$/;

describe.skipIf(SKIP_REASON)('what start-up loads', () => {
  for (const args of [
    ['tools', '--json', '--no-mcp'],
    ['call', 'read_file', '{"path":"a.txt"}'],
  ])
    it(
      `\`toolgate ${args[0]}\` loads no node:crypto, child_process or network module`,
      async () => {
        const result = await runToolgate([...args, '--cwd', root], {
          cwd: root,
          env: {
            NODE_OPTIONS: `--import=${join(root, 'probe.mjs')}`,
            XDG_STATE_HOME: join(root, 'state'),
            XDG_CONFIG_HOME: join(root, 'config'),
          },
        });
        expect(result.code, result.stderr).toBe(0);
        const loaded = (await readFile(join(root, 'loaded.txt'), 'utf8')).split('\n');
        expect(loaded).toContain('NativeModule fs');
        expect(loaded.filter((name) => COSTLY.test(name))).toEqual([]);
      },
      E2E_OPTIONS.timeout,
    );
});
