import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { openBwrapSandbox } from '@toolgate/sandbox-bwrap';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let configHome: string;
let server: Server;
let port: number;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  configHome = join(workspace.root, '..', `${workspace.root.split('/').at(-1)}-config`);
  await mkdir(join(configHome, 'toolgate'), { recursive: true });
  server = createServer((_request, response) => response.end('host-only service\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await workspace.dispose();
});

const probe = await (async () => {
  const dir = await createTempWorkspace();
  try {
    return await openBwrapSandbox({ workspaceRoot: dir.root, mode: 'workspace-write' });
  } finally {
    await dir.dispose();
  }
})();
const hasCurl = spawnSync('curl', ['--version']).status === 0;
const SKIP =
  SKIP_REASON ??
  (!probe.ok ? `skipped: ${probe.reason}` : hasCurl ? undefined : 'skipped: curl is not installed');

const withAllowlist = async (extra: object = {}) =>
  writeFile(
    join(configHome, 'toolgate', 'config.json'),
    JSON.stringify({ network: { allow: ['allowed.test'] }, ...extra }),
  );

describe.skipIf(SKIP !== undefined)(
  `the network allowlist of the built CLI ${SKIP ?? ''}`,
  E2E_OPTIONS,
  () => {
    it('keeps bash sandboxed with only the proxy: a host loopback service is refused, the home is hidden', async () => {
      await withAllowlist();
      const result = await runToolgate(
        [
          'call',
          'bash',
          JSON.stringify({
            command: `curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:${port}/; echo; ls -A ~ | wc -l`,
          }),
          '--cwd',
          workspace.root,
          '--approval',
          'auto',
          '--json',
        ],
        { env: { XDG_CONFIG_HOME: configHome } },
      );
      expect(result.stderr).not.toContain('unsandboxed');
      expect(result.code).toBe(0);
      const output = JSON.parse(result.stdout) as {
        output: { stdout: string; executionEnvironment: string };
      };
      expect(output.output.executionEnvironment).toBe('sandbox');
      // The proxy answers for the loopback address it refuses; the service itself is never reached.
      expect(output.output.stdout.split('\n')[0]).toBe('403');
    });

    it('refuses to run bash on the host when the allowlist is given with danger-full-access', async () => {
      await withAllowlist({ sandbox: { mode: 'danger-full-access' } });
      const result = await runToolgate(
        ['call', 'bash', '{"command":"true"}', '--cwd', workspace.root, '--approval', 'auto'],
        { env: { XDG_CONFIG_HOME: configHome } },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('the network allowlist (network.allow) demands a sandbox');
    });
  },
);
