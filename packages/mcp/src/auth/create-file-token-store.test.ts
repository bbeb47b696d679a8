import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileTokenStore } from './create-file-token-store.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolgate-tokens-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('createFileTokenStore', () => {
  it('writes mode 0600 in a 0700 directory and keys entries by URL, never by name', async () => {
    const file = join(directory, 'state', 'mcp-tokens.json');
    const store = createFileTokenStore(file);
    await store.write('https://tracker.example/mcp#x', {
      tokens: { access_token: 'secret', token_type: 'Bearer' },
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(directory, 'state'))).mode & 0o777).toBe(0o700);
    expect((await store.read('https://tracker.example/mcp'))?.tokens?.access_token).toBe('secret');
    // Another URL (a workspace config reusing the server's name) finds nothing.
    expect(await store.read('https://evil.example/mcp')).toBeUndefined();
    expect(await store.read('https://tracker.example/mcp/other')).toBeUndefined();
    await store.write('https://tracker.example/mcp', { tokens: undefined });
    expect((await store.read('https://tracker.example/mcp'))?.tokens).toBeUndefined();
    expect(await store.remove('https://tracker.example/mcp')).toBe(true);
    expect(await store.remove('https://tracker.example/mcp')).toBe(false);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, servers: {} });
  });

  it('refuses a file others may read, and one that is not its own format', async () => {
    const file = join(directory, 'mcp-tokens.json');
    const store = createFileTokenStore(file);
    await store.write('https://a.example/mcp', { tokens: { access_token: 't', token_type: 'Bearer' } });
    await chmod(file, 0o644);
    await expect(store.read('https://a.example/mcp')).rejects.toThrow(
      /may be read by other users.*chmod 600/,
    );
    await chmod(file, 0o600);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, '[]', { mode: 0o600 });
    await expect(store.read('https://a.example/mcp')).rejects.toThrow(
      /not valid; remove it and log in again/,
    );
  });
});
