import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineAddress } from '../engine/engine-address.js';
import { createEngineClient, type EngineClient } from '../engine/engine-client.js';
import {
  type ContainerSandbox,
  type ContainerSandboxOptions,
  openContainerSandbox,
} from '../open-container-sandbox.js';
import { SANDBOX_LABEL } from '../session-owner.js';

/** The repository of the image `scripts/container-engine.sh` builds from this machine's binaries. */
export const TEST_IMAGE_REPOSITORY = 'toolgate-sandbox-test';

/** The engine and the test image, or why the container tests cannot run here. */
export type TestEngine =
  | { readonly ok: true; readonly client: EngineClient; readonly image: string }
  | { readonly ok: false; readonly reason: string };

/**
 * The engine at `DOCKER_HOST` (or the default socket) and the test image: the one named by
 * `TOOLGATE_TEST_CONTAINER_IMAGE`, else the newest `toolgate-sandbox-test` image the engine holds.
 */
export async function findTestEngine(): Promise<TestEngine> {
  let client: EngineClient;
  try {
    client = createEngineClient(engineAddress(undefined));
    await client.call('GET', '/version', undefined, 5000);
  } catch (error) {
    return {
      ok: false,
      reason: `no container engine (${(error as Error).message}); run scripts/container-engine.sh as root`,
    };
  }
  const named = process.env.TOOLGATE_TEST_CONTAINER_IMAGE;
  if (named) return { ok: true, client, image: named };
  const filters = encodeURIComponent(JSON.stringify({ reference: [TEST_IMAGE_REPOSITORY] }));
  const images = await client.call<Array<{ Id: string; Created: number }>>(
    'GET',
    `/images/json?filters=${filters}`,
  );
  const newest = images.sort((a, b) => b.Created - a.Created)[0];
  if (!newest)
    return {
      ok: false,
      reason: `no ${TEST_IMAGE_REPOSITORY} image in the engine; run scripts/container-engine.sh`,
    };
  return { ok: true, client, image: newest.Id };
}

/** A workspace with a repository, secrets and a protected config, in a temp directory. */
export interface ContainerFixture {
  readonly workspace: string;
  dispose(): Promise<void>;
}

export async function createContainerFixture(): Promise<ContainerFixture> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-container-test-')));
  const workspace = join(base, 'workspace');
  await mkdir(join(workspace, '.git', 'hooks'), { recursive: true });
  await mkdir(join(workspace, 'sub'), { recursive: true });
  const files: Record<string, string> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.env': 'API_KEY=workspace-secret\n',
    'sub/server.pem': 'PEM-SECRET\n',
    'toolgate.config.json': '{}\n',
    'readme.txt': 'hello\n',
  };
  for (const [path, text] of Object.entries(files)) await writeFile(join(workspace, path), text);
  return { workspace, dispose: () => rm(base, { recursive: true, force: true }) };
}

/** Opens a container sandbox on the fixture with the test image; throws when it cannot. */
export async function openFixtureContainer(
  engine: Extract<TestEngine, { ok: true }>,
  fixture: ContainerFixture,
  options: Partial<ContainerSandboxOptions> = {},
): Promise<ContainerSandbox> {
  const opening = await openContainerSandbox({
    workspaceRoot: fixture.workspace,
    mode: 'workspace-write',
    image: engine.image,
    ...options,
  });
  if (!opening.ok) throw new Error(opening.reason);
  return opening.sandbox;
}

/** Ids of the toolgate session containers the engine holds, running or not. */
export async function sessionContainers(client: EngineClient): Promise<string[]> {
  const filters = encodeURIComponent(JSON.stringify({ label: [SANDBOX_LABEL] }));
  const listed = await client.call<Array<{ Id: string }>>(
    'GET',
    `/containers/json?all=true&filters=${filters}`,
  );
  return listed.map((container) => container.Id);
}
