import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let stateHome: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  stateHome = await mkdtemp(join(tmpdir(), 'toolgate-cli-state-'));
});
afterEach(async () => {
  await workspace.dispose();
  await rm(stateHome, { recursive: true, force: true });
});

const call = (tool: string, args: unknown) =>
  runToolgate(['call', tool, JSON.stringify(args), '--json', '--approval', 'auto', '--cwd', workspace.root], {
    env: { XDG_STATE_HOME: stateHome },
  });

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate call bash, spilled output, end to end ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('gives the head, the tail and the path of a file holding every byte', async () => {
      const result = await call('bash', { command: 'seq 1 2000000' });
      expect(result.code).toBe(0);
      const { output } = JSON.parse(result.stdout);
      const stdout = String(output.stdout);
      expect(stdout.startsWith('1\n2\n3\n')).toBe(true);
      expect(stdout.endsWith('1999999\n2000000\n')).toBe(true);
      const match = stdout.match(
        /the whole output \((\d+) bytes\) is in (\S+); read it in ranges with read_file and startLine\/endLine/,
      );
      const path = match![2]!;
      expect(path.startsWith(join(stateHome, 'toolgate', 'sessions'))).toBe(true);
      expect(path.endsWith('/spill/1-bash-stdout.txt')).toBe(true);
      const expected = spawnSync('seq', ['1', '2000000'], { maxBuffer: 64 * 1024 * 1024 }).stdout;
      expect(Number(match![1])).toBe(expected.length);
      expect(sha256(await readFile(path))).toBe(sha256(expected));
      expect((await stat(path)).mode & 0o777).toBe(0o600);

      // Another session (this second one-shot call) does not reach the first one's spill.
      const other = await call('read_file', { path, startLine: 1, endLine: 2 });
      const refused = JSON.parse(other.stdout);
      expect(refused.status).toBe('failure');
      expect(['path_protected', 'path_outside_workspace']).toContain(refused.error.code);
    });
  },
);
