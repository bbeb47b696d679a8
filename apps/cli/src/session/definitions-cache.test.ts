import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolDefinition } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  definitionsCacheFile,
  fingerprintBuiltInDefinitions,
  readCachedDefinitions,
  writeCachedDefinitions,
} from './definitions-cache.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolgate-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const definitions: ToolDefinition[] = [
  {
    name: 'glob',
    description: 'd',
    inputSchema: { type: 'object' },
    kind: 'search',
    annotations: {},
    source: { type: 'built-in' },
  },
];

describe('definitions cache', () => {
  it('lives in TOOLGATE_CACHE_DIR, else the XDG cache directory, and can be turned off', () => {
    expect(definitionsCacheFile({ TOOLGATE_CACHE_DIR: dir })).toBe(join(dir, 'built-in-definitions.json'));
    expect(definitionsCacheFile({ XDG_CACHE_HOME: dir })).toBe(
      join(dir, 'toolgate', 'built-in-definitions.json'),
    );
    expect(definitionsCacheFile({ TOOLGATE_CACHE_DIR: 'off' })).toBeUndefined();
  });

  it('returns what was stored only while the fingerprint matches', () => {
    const file = join(dir, 'nested', 'built-in-definitions.json');
    writeCachedDefinitions(file, 'a'.repeat(64), definitions);
    expect(readCachedDefinitions(file, 'a'.repeat(64))).toEqual(definitions);
    expect(readCachedDefinitions(file, 'b'.repeat(64))).toBeUndefined();
  });

  it('treats a missing or corrupt cache file as a miss', async () => {
    expect(readCachedDefinitions(join(dir, 'none.json'), 'x')).toBeUndefined();
    await writeFile(join(dir, 'bad.json'), '{"fingerprint":');
    expect(readCachedDefinitions(join(dir, 'bad.json'), 'x')).toBeUndefined();
  });

  it('fingerprints the packages and the config options together', () => {
    const first = fingerprintBuiltInDefinitions('{}');
    if (first === undefined) return; // the packages are not built (no dist): nothing is cached then
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintBuiltInDefinitions('{}')).toBe(first);
    expect(fingerprintBuiltInDefinitions('{"bash":{"timeoutMs":5}}')).not.toBe(first);
  });
});
