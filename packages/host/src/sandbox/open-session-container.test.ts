import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { layerConfig } from '../config/layer-config.js';
import { resolveSessionSettings } from '../config/resolve-session-settings.js';
import { openHostSession } from '../session/open-host-session.js';
import { SandboxRequiredError } from './sandbox-required-error.js';

const SOCKET = (process.env.DOCKER_HOST ?? 'unix:///var/run/docker.sock').replace(/^unix:\/\//, '');

/** GETs an Engine API path over the socket; undefined when no engine answers. */
function engineGet(path: string): Promise<unknown> {
  return new Promise((resolve) => {
    const req = request({ socketPath: SOCKET, path: `/v1.41${path}`, timeout: 5000 }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        try {
          resolve(res.statusCode === 200 ? JSON.parse(text) : undefined);
        } catch {
          resolve(undefined);
        }
      });
    });
    req.on('error', () => resolve(undefined));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
const images = (await engineGet(
  `/images/json?filters=${filter({ reference: ['toolgate-sandbox-test'] })}`,
)) as Array<{ Id: string; Created: number }> | undefined;
const image =
  process.env.TOOLGATE_TEST_CONTAINER_IMAGE ?? images?.sort((a, b) => b.Created - a.Created)[0]?.Id;
if (image === undefined) {
  console.warn(
    `host container tests skipped: no engine with a test image at ${SOCKET} (scripts/container-engine.sh)`,
  );
}
const sessionContainers = async () =>
  (
    (await engineGet(
      `/containers/json?all=true&filters=${filter({ label: ['dev.toolgate.sandbox'] })}`,
    )) as Array<{
      Id: string;
    }>
  ).map((container) => container.Id);

let directory: string;
let root: string;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-host-container-')));
  root = join(directory, 'repo');
  await mkdir(root);
  await writeFile(join(root, 'notes.txt'), 'one\n');
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function settingsOf(config: object, sandboxProvider?: 'container') {
  const configFile = join(directory, 'toolgate.config.json');
  await writeFile(configFile, JSON.stringify(config));
  return resolveSessionSettings({
    root,
    env: { XDG_CONFIG_HOME: join(directory, 'config-home') },
    configFile,
    ...(sandboxProvider ? { sandboxProvider } : {}),
    notice: () => {},
  });
}

const common = {
  answeredBy: 'test',
  env: {},
  notice: () => {},
  purpose: { kind: 'call', tool: 'bash' },
} as const;

describe('the container provider behind the front door', () => {
  it('fails closed without an image, whatever sandbox.required says', async () => {
    const settings = await settingsOf({}, 'container');
    await expect(openHostSession(settings, common)).rejects.toThrow(SandboxRequiredError);
    await expect(openHostSession(settings, common)).rejects.toThrow(/--sandbox-provider container needs/);
  });

  it('lets an untrusted workspace choose neither the provider, the image, the engine nor the limits', () => {
    const layered = layerConfig(
      {},
      {
        sandbox: {
          provider: 'container',
          image: 'evil',
          engine: 'tcp://203.0.113.1:2375',
          limits: { pids: 99999 },
        },
      },
      false,
    );
    expect(layered.config.sandbox).toBeUndefined();
    expect(layered.ignored).toEqual([
      'sandbox.provider "container"',
      'sandbox.image "evil"',
      'sandbox.engine "tcp://203.0.113.1:2375"',
      'sandbox.limits {"pids":99999}',
    ]);
  });

  it.skipIf(image === undefined)(
    'runs bash in the configured container and removes it, with its background processes, at close',
    async () => {
      const settings = await settingsOf({
        approval: 'auto',
        sandbox: { provider: 'container', image, limits: { pids: 64 } },
      });
      const session = await openHostSession(settings, common);
      const call = (id: string, args: Record<string, unknown>) =>
        session.surface.executor.execute({ id, name: 'bash', arguments: args });
      const ran = await call('c1', {
        action: 'exec',
        command: 'cat notes.txt; cat /sys/fs/cgroup/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids/pids.max',
      });
      const started = await call('c2', { action: 'start', command: 'sleep 303' });
      const during = await sessionContainers();
      expect(await session.close()).toEqual({ stoppedProcesses: 1 });
      expect(ran).toMatchObject({
        status: 'success',
        output: { sandboxProviderId: 'container', stdout: 'one\n64\n', exitCode: 0 },
      });
      expect(started.status).toBe('success');
      // Other test files may run containers meanwhile: this session's is the one its result names.
      const id =
        ran.status === 'success' ? (ran.output as { sandboxSessionId: string }).sandboxSessionId : '';
      expect(during).toContain(id);
      expect(await sessionContainers()).not.toContain(id);
    },
  );
});
