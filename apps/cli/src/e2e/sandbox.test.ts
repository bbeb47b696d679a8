import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openBwrapSandbox } from '@toolgate/sandbox-bwrap';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let home: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = join(workspace.root, 'project');
  home = join(workspace.root, 'home');
  await mkdir(root);
  await mkdir(home);
  await writeFile(join(home, '.bashrc'), '# host\n');
  await writeFile(join(root, '.env'), 'API_KEY=secret\n');
});
afterEach(async () => {
  await workspace.dispose();
});

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const bwrapProbe = await (async () => {
  const probe = await createTempWorkspace();
  try {
    return await openBwrapSandbox({ workspaceRoot: probe.root, mode: 'workspace-write' });
  } finally {
    await probe.dispose();
  }
})();
const BWRAP_SKIP = SKIP_REASON ?? (bwrapProbe.ok ? undefined : `skipped: ${bwrapProbe.reason}`);

const ESCAPE = 'cat .env; echo inside > in.txt; echo evil >> ~/.bashrc; echo "[$(cat ~/.bashrc)]"';
const bash = (command: string, extra: readonly string[] = [], env: Record<string, string> = {}) =>
  runToolgate(['call', 'bash', JSON.stringify({ command }), '--cwd', root, '--approval', 'auto', ...extra], {
    env: { HOME: home, ...env },
  });

describe.skipIf(BWRAP_SKIP !== undefined)(
  `toolgate call bash in a sandbox ${BWRAP_SKIP ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('runs bash in workspace-write by default: the workspace is written, the home and secrets are not reached', async () => {
      const result = await bash(ESCAPE);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('[evil]\n');
      expect(result.stderr).toMatch(/^cat: \.env: Permission denied\n• exit 0 \(sandboxed\)\n$/);
      expect(await readFile(join(root, 'in.txt'), 'utf8')).toBe('inside\n');
      expect(await readFile(join(home, '.bashrc'), 'utf8')).toBe('# host\n');
    });

    it('masks the secrets of the config file, the same list the file tools refuse', async () => {
      await writeFile(join(root, 'notes.txt'), 'private notes\n');
      const config = join(workspace.root, 'secrets.json');
      await writeFile(config, JSON.stringify({ secrets: ['*.txt'] }));
      const result = await bash('cat notes.txt; cat .env', ['--config', config]);
      expect(result.stdout).toBe('API_KEY=secret\n');
      expect(result.stderr).toContain('cat: notes.txt: Permission denied');
      const read = await runToolgate([
        'call',
        'read_file',
        '{"path":"notes.txt"}',
        '--cwd',
        root,
        '--config',
        config,
      ]);
      expect(read.stderr).toContain('secret_file');
    });

    it('says where the command ran in the JSON result', async () => {
      const result = await bash('true', ['--json']);
      expect(JSON.parse(result.stdout)).toMatchObject({
        status: 'success',
        output: {
          executionEnvironment: 'sandbox',
          sandboxProviderId: 'bwrap',
          sandboxSessionId: expect.stringMatching(/^sbx_[0-9a-f]{32}$/),
        },
      });
    });

    it('keeps the workspace read-only with --sandbox read-only', async () => {
      const result = await bash('echo inside > in.txt', ['--sandbox', 'read-only']);
      expect(result.stderr).toMatch(/in\.txt: Read-only file system\n• exit 1 \(sandboxed\)/);
      expect(await exists(join(root, 'in.txt'))).toBe(false);
    });

    it('takes the mode from the config file when no flag is given', async () => {
      await writeFile(join(root, 'toolgate.config.json'), JSON.stringify({ sandbox: { mode: 'read-only' } }));
      expect((await bash('echo inside > in.txt')).stderr).toMatch(/Read-only file system/);
      expect(await exists(join(root, 'in.txt'))).toBe(false);
    });

    it('keeps git from obeying a directory written to look like a bare repository', async () => {
      for (const rel of ['g/objects/.keep', 'g/refs/.keep']) {
        const write = await runToolgate(
          [
            'call',
            'write_file',
            JSON.stringify({ path: rel, content: '' }),
            '--cwd',
            root,
            '--approval',
            'auto',
          ],
          { env: { HOME: home } },
        );
        expect(write.code).toBe(0);
      }
      await writeFile(join(root, 'g', 'HEAD'), 'ref: refs/heads/main\n');
      await writeFile(join(root, 'g', 'config'), `[core]\n\tfsmonitor = "touch ${root}/ran"\n`);
      const result = await bash('cd g && git --work-tree=.. status');
      expect(result.stderr).toContain('cannot use bare repository');
      expect(await exists(join(root, 'ran'))).toBe(false);
    });

    it('runs on the host with --sandbox danger-full-access', async () => {
      const result = await bash(ESCAPE, ['--sandbox', 'danger-full-access']);
      expect(result.stdout).toBe('API_KEY=secret\n[# host\nevil]\n');
      expect(result.stderr).toMatch(/^• exit 0\n$/);
      expect(await readFile(join(home, '.bashrc'), 'utf8')).toBe('# host\nevil\n');
    });
  },
);

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate without bubblewrap ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    // An empty directory as PATH: bubblewrap cannot be found, bash is found at /bin/bash.
    const noBwrap = () => ({ PATH: join(workspace.root, 'empty-bin') });

    it('runs bash on the host with a one-line notice by default', async () => {
      const result = await bash('echo ran > ran.txt', [], noBwrap());
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(
        /^toolgate: bash runs unsandboxed \(danger-full-access\): bubblewrap \(bwrap\) was not found on PATH; [^\n]*\n• exit 0\n$/,
      );
      expect(await readFile(join(root, 'ran.txt'), 'utf8')).toBe('ran\n');
    });

    it('fails closed, running nothing, when the config requires a sandbox or the flag asks for one', async () => {
      await writeFile(join(root, 'toolgate.config.json'), JSON.stringify({ sandbox: { required: true } }));
      const required = await bash('echo ran > ran.txt', [], noBwrap());
      expect(required.code).toBe(2);
      expect(required.stderr).toMatch(
        /^toolgate: sandbox\.required in the config file demands a sandbox, but none can run here: bubblewrap \(bwrap\) was not found on PATH/,
      );
      await writeFile(join(root, 'toolgate.config.json'), '{}');
      const flagged = await bash('echo ran > ran.txt', ['--sandbox', 'workspace-write'], noBwrap());
      expect(flagged.code).toBe(2);
      expect(flagged.stderr).toMatch(
        /^toolgate: --sandbox workspace-write demands a sandbox, but none can run here/,
      );
      expect(await exists(join(root, 'ran.txt'))).toBe(false);
    });
  },
);
