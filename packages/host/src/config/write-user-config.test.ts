import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeUserConfig } from './write-user-config.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolgate-write-config-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('writeUserConfig', () => {
  it('replaces a file, mode 0600, leaving no temporary file', async () => {
    const file = join(directory, 'toolgate', 'config.json');
    await writeUserConfig(file, { approval: 'manual' });
    await writeUserConfig(file, { approval: 'safe' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ approval: 'safe' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(join(directory, 'toolgate'))).toEqual(['config.json']);
  });

  it('exclusive: creates a missing file, and refuses one that exists, changing nothing', async () => {
    const file = join(directory, 'config.json');
    await writeUserConfig(file, { approval: 'safe' }, { exclusive: true });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ approval: 'safe' });
    await writeFile(file, '{"approval": "manual"}\n');
    await expect(writeUserConfig(file, { approval: 'auto' }, { exclusive: true })).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(await readFile(file, 'utf8')).toBe('{"approval": "manual"}\n');
    expect(await readdir(directory)).toEqual(['config.json']);
  });
});
