import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBwrapSandbox } from '@toolgate/sandbox-bwrap';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { resolveSessionSettings } from '../config/resolve-session-settings.js';
import { openHostSession } from '../session/open-host-session.js';

let directory: string;
let root: string;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-host-network-')));
  root = join(directory, 'repo');
  await mkdir(root);
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const probe = await openBwrapSandbox({ workspaceRoot: tmpdir(), mode: 'read-only' });
const bwrapReason = probe.ok ? undefined : probe.reason;
if (bwrapReason) console.warn(`host network allowlist tests skipped: ${bwrapReason}`);

async function settingsOf(config: object) {
  const configFile = join(directory, 'toolgate.config.json');
  await writeFile(configFile, JSON.stringify(config));
  return resolveSessionSettings({
    root,
    env: { XDG_CONFIG_HOME: join(directory, 'config-home') },
    configFile,
    notice: () => {},
  });
}

describe('"network": {"allow"} behind the front door', () => {
  it('is a config error beside "sandbox": {"network": true}', async () => {
    await expect(
      settingsOf({ network: { allow: ['registry.npmjs.org'] }, sandbox: { network: true } }),
    ).rejects.toThrow(ConfigError);
  });

  it.skipIf(bwrapReason !== undefined)(
    'lets bash out only through the proxy, and writes each refusal to the audit log',
    async () => {
      const settings = await settingsOf({
        approval: 'auto',
        audit: 'audit.jsonl',
        network: { allow: ['registry.npmjs.org'], mode: 'read-only' },
      });
      const session = await openHostSession(settings, {
        answeredBy: 'test',
        env: {},
        notice: () => {},
        purpose: { kind: 'call', tool: 'bash' },
      });
      const ran = await session.surface.executor.execute({
        id: 'c1',
        name: 'bash',
        arguments: { action: 'exec', command: 'echo "$HTTPS_PROXY"; curl -sS http://evil.test/ 2>&1' },
      });
      await session.close();
      expect(ran).toMatchObject({ status: 'success' });
      const stdout = ran.status === 'success' ? (ran.output as { stdout: string }).stdout : '';
      expect(stdout).toMatch(
        /^http:\/\/127\.0\.0\.1:3128\ntoolgate: network: refused GET evil\.test:80: evil\.test is not in the network allowlist/,
      );
      const lines = (await readFile(join(root, 'audit.jsonl'), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines.filter((line) => line.network === 'refused')).toEqual([
        expect.objectContaining({ network: 'refused', method: 'GET', host: 'evil.test', port: 80 }),
      ]);
    },
  );
});
