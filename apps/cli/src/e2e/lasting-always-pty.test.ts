import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInPty } from './test-support/run-in-pty.js';
import {
  createTempWorkspace,
  E2E_OPTIONS,
  PTY_SKIP_REASON,
  runToolgate,
  waitForText,
} from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let configHome: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = await realpath(workspace.root);
  // A config directory of this test's own: the answers it writes reach no other test.
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-lasting-config-'));
  await writeFile(
    join(root, 'package.json'),
    JSON.stringify({ name: 'w', private: true, scripts: { test: 'node -e "0"' } }),
  );
  await writeFile(join(root, 'x'), 'keep\n');
});
afterEach(async () => {
  await workspace.dispose();
  await rm(configHome, { recursive: true, force: true });
});

const env = () => ({ XDG_CONFIG_HOME: configHome });
const bash = (command: string) => JSON.stringify({ action: 'exec', command });
const callUnattended = (command: string) =>
  runToolgate(['call', 'bash', bash(command), '--cwd', root, '--json'], { env: env() });

describe.skipIf(PTY_SKIP_REASON !== undefined)(
  `"always for this project" in a one-shot call ${PTY_SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('writes bash(npm test) into the user config for this workspace; a new session runs it unasked, not `npm test; rm x`; --revoke removes it', async () => {
      const run = runInPty(['call', 'bash', bash('npm test'), '--cwd', root], { cwd: root, env: env() });
      await waitForText(run.output, '• Approve? [y/a/N]');
      expect(run.output()).toContain(
        '  a  yes, and in this project from now on: allow bash(npm test) (your config file)\n',
      );
      run.type('a\n');
      expect(await run.exit).not.toBe(3);

      const user = JSON.parse(await readFile(join(configHome, 'toolgate', 'config.json'), 'utf8'));
      expect(user.projects).toEqual({ [root]: { permissions: { allow: ['bash(npm test)'] } } });
      expect(user.permissions).toBeUndefined();

      // A new session, with nobody to ask: the rule runs npm test, and nothing more.
      const again = await callUnattended('npm test');
      expect(JSON.parse(again.stdout).status).not.toBe('rejected');
      const compound = await callUnattended('npm test; rm x');
      expect(compound.code).toBe(3);
      expect(await readFile(join(root, 'x'), 'utf8')).toBe('keep\n');

      const listed = await runToolgate(['permissions', '--cwd', root], { env: env() });
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain(`  1  allow  bash(npm test)  this project  `);
      expect(listed.stdout).toContain(`(projects[${JSON.stringify(root)}])`);
      const json = await runToolgate(['permissions', '--cwd', root, '--json'], { env: env() });
      expect(JSON.parse(json.stdout)).toMatchObject([
        { number: 1, list: 'allow', text: 'bash(npm test)', scope: 'project' },
      ]);

      const revoked = await runToolgate(['permissions', '--revoke', '1', '--cwd', root], { env: env() });
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toContain('Removed allow bash(npm test)');
      expect((await callUnattended('npm test')).code).toBe(3);
      const none = await runToolgate(['permissions', '--cwd', root], { env: env() });
      expect(none.stdout).toContain('No permission rules in force');
    });

    it('refuses "a" with a line saying why when no rule is as narrow as the call', async () => {
      const run = runInPty(['call', 'bash', bash('echo $HOME'), '--cwd', root], { cwd: root, env: env() });
      await waitForText(run.output, '• Approve? [y/N]');
      run.type('a\n');
      expect(await run.exit).toBe(3);
      expect(run.output()).toContain('"always" is not offered for this call');
      await expect(readFile(join(configHome, 'toolgate', 'config.json'))).rejects.toThrow(/ENOENT/);
    });

    it("refuses to revoke a rule of the workspace's own file, naming the file", async () => {
      await writeFile(
        join(root, 'toolgate.config.json'),
        JSON.stringify({ permissions: { deny: ['bash(rm:*)'] } }),
      );
      const result = await runToolgate(['permissions', '--revoke', '1', '--cwd', root], { env: env() });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`Rule 1 (deny bash(rm:*)) is in ${join(root, 'toolgate.config.json')}`);
    });
  },
);
