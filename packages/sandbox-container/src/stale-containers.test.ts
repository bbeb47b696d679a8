import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContainerFixture,
  createContainerFixture,
  findTestEngine,
  openFixtureContainer,
  sessionContainers,
} from './test-support/container-test-kit.js';

const CHILD = fileURLToPath(new URL('./test-support/open-and-wait-child.mjs', import.meta.url));
const BUILT = existsSync(fileURLToPath(new URL('../dist/index.js', import.meta.url)));
const engine = await findTestEngine();
const skipped = !engine.ok ? engine.reason : !BUILT ? 'the package is not built (pnpm build)' : undefined;
if (skipped) console.warn(`stale container tests skipped: ${skipped}`);

describe.skipIf(skipped !== undefined)('containers of a session whose host process died', () => {
  const ready = engine as Extract<typeof engine, { ok: true }>;
  let fixture: ContainerFixture;
  beforeAll(async () => {
    fixture = await createContainerFixture();
  });
  afterAll(async () => {
    await fixture?.dispose();
  });

  it('are removed when the next session opens; a live session keeps its own', async () => {
    const child = spawn(process.execPath, [CHILD, fixture.workspace, ready.image], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const orphan = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      child.stdout!.setEncoding('utf8').on('data', (text: string) => {
        stdout += text;
        if (stdout.includes('\n')) resolve(stdout.trim());
      });
      child.once('exit', (code) => reject(new Error(`child exited (${code}): ${stderr}`)));
    });
    const live = await openFixtureContainer(ready, fixture);
    try {
      expect(await sessionContainers(ready.client)).toEqual(expect.arrayContaining([orphan, live.id]));
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
      // The orphan outlives its host until a session opens.
      expect(await sessionContainers(ready.client)).toContain(orphan);
      const next = await openFixtureContainer(ready, fixture);
      const left = await sessionContainers(ready.client);
      await next.close();
      expect(left).not.toContain(orphan);
      expect(left).toContain(live.id);
    } finally {
      await live.close();
    }
  });
});
