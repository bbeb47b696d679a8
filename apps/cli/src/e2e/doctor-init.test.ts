import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let configHome: string;
let emptyBin: string;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-init-'));
  emptyBin = await mkdtemp(join(tmpdir(), 'toolgate-empty-bin-'));
});
afterEach(async () => {
  await workspace.dispose();
  await rm(configHome, { recursive: true, force: true });
  await rm(emptyBin, { recursive: true, force: true });
});

/** The line of one check: its mark, then its name. */
const line = (stdout: string, name: string) =>
  stdout.split('\n').find((text) => text.slice(2).startsWith(`${name} `));

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate doctor and init ${SKIP_REASON ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('explains what is missing with what to do, and exits 0 when a session can still start', async () => {
      const result = await runToolgate(['doctor', '--cwd', root], {
        env: {
          PATH: emptyBin,
          DOCKER_HOST: `unix://${join(emptyBin, 'no.sock')}`,
          XDG_CONFIG_HOME: configHome,
        },
      });
      expect(result.code).toBe(0);
      expect(line(result.stdout, 'node')).toMatch(/^✓ node +Node\.js \d+\.\d+/);
      expect(line(result.stdout, 'sandbox')).toMatch(
        /^! sandbox +bubblewrap cannot run: bubblewrap \(bwrap\) was not found on PATH/,
      );
      expect(line(result.stdout, 'ripgrep')).toMatch(/^! ripgrep +rg is not on PATH/);
      expect(line(result.stdout, 'container engine')).toMatch(/no Docker Engine API answers on .*no\.sock/);
      expect(line(result.stdout, 'model')).toMatch(/^! model +No model configured/);
      expect(line(result.stdout, 'workspace trust')).toMatch(/has no config of its own to trust/);
      expect(line(result.stdout, 'files')).toContain(join(configHome, 'toolgate', 'config.json'));
      expect(result.stdout).toContain('→ install ripgrep');
    });

    it('fails (exit 1) when a required sandbox cannot run, and reports the model and trust it finds', async () => {
      await writeFile(join(root, 'toolgate.config.json'), '{"approval": "manual"}');
      const result = await runToolgate(['doctor', '--cwd', root, '--sandbox', 'read-only'], {
        env: { PATH: emptyBin, TOOLGATE_MODEL: 'replay:script.jsonl', XDG_CONFIG_HOME: configHome },
      });
      expect(result.code).toBe(1);
      expect(line(result.stdout, 'sandbox')).toMatch(/^✗ sandbox/);
      expect(result.stdout).toContain('--sandbox read-only demands a sandbox');
      // The replay script does not exist: the model line says so, as a session would.
      expect(line(result.stdout, 'model')).toMatch(/replay:script\.jsonl: cannot read the script/);
      expect(line(result.stdout, 'workspace trust')).toMatch(/^! workspace trust .*not trusted/);
      expect(result.stdout).toContain(
        `→ read its toolgate.config.json, .mcp.json and .toolgate/, then: toolgate trust --cwd ${root}`,
      );
    });

    it('init writes a starter config a session accepts, 0600, never over an existing file', async () => {
      const env = { XDG_CONFIG_HOME: configHome };
      const file = join(configHome, 'toolgate', 'config.json');
      const printed = await runToolgate(['init', '--print'], { env });
      expect(printed.code).toBe(0);
      expect(printed.stdout).toContain('// manual asks about every call');
      await expect(stat(file)).rejects.toThrow(/ENOENT/);

      const written = await runToolgate(['init'], { env });
      expect(written.code).toBe(0);
      expect(written.stderr).toContain(`wrote ${file}`);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const config = JSON.parse(await readFile(file, 'utf8')) as { approval: string };
      expect(config.approval).toBe('safe');
      // Every session reads it: a bad key would be a configuration error (exit 2).
      const explained = await runToolgate(
        ['call', 'bash', '{"command":"git status"}', '--explain', '--cwd', root],
        { env },
      );
      expect(explained.code).toBe(0);
      expect(explained.stdout).toMatch(/allow.*bash\(git status\)/);

      await writeFile(file, '{"approval": "manual"}\n');
      const again = await runToolgate(['init'], { env });
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('exists already; nothing was changed');
      expect(await readFile(file, 'utf8')).toBe('{"approval": "manual"}\n');
    });

    it('refuses options that are not its own', async () => {
      expect((await runToolgate(['init', '--cwd', root])).stderr).toContain(
        '--cwd is not an option of "toolgate init"',
      );
      expect((await runToolgate(['call', 'read_file', '{}', '--print'])).stderr).toContain(
        '--print is an option of "toolgate init" only',
      );
    });
  },
);
