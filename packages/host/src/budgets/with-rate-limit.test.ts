import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolSurface, createWorkspace } from '@toolgate/core';
import { createFsTools } from '@toolgate/tools-fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withRateLimit } from './with-rate-limit.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-rate-')));
  await writeFile(join(root, 'a.txt'), 'a');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('withRateLimit', () => {
  it('refuses a tool’s call over its calls per minute, each tool counted alone, until the minute slides on', async () => {
    let now = 1_000_000;
    const fs = createFsTools({ workspace: createWorkspace({ root }) });
    const surface = createToolSurface({
      tools: [fs.read_file, fs.write_file],
      decorators: [withRateLimit({ maxPerMinute: 2, now: () => now })],
    });
    const read = (id: string) =>
      surface.executor.execute({ id, name: 'read_file', arguments: { path: 'a.txt' } });
    const statuses = [(await read('r1')).status];
    now += 20_000;
    statuses.push((await read('r2')).status);
    const third = await read('r3');
    const write = await surface.executor.execute({
      id: 'w1',
      name: 'write_file',
      arguments: { path: 'b.txt', content: 'b' },
    });
    now += 40_001; // the first call is more than a minute old
    statuses.push((await read('r4')).status);
    expect({ statuses, write: write.status }).toEqual({
      statuses: ['success', 'success', 'success'],
      write: 'success',
    });
    expect(third).toEqual({
      status: 'failure',
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(/read_file was called 2 times in the last minute.*Wait about 40 s/),
      },
    });
  });
});
