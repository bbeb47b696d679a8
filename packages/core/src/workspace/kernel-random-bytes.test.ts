import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kernelRandomBytes, readCharacterDevice } from './kernel-random-bytes.js';

const directory = mkdtempSync(join(tmpdir(), 'toolgate-random-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('kernelRandomBytes', () => {
  it('gives as many bytes as asked, different on each call', () => {
    const first = kernelRandomBytes(768);
    const second = kernelRandomBytes(768);
    expect(first.length).toBe(768);
    expect(second.length).toBe(768);
    expect(first.equals(second)).toBe(false);
    // 768 bytes from a generator: far more than 16 distinct values.
    expect(new Set(first).size).toBeGreaterThan(16);
  });

  it.skipIf(process.platform === 'win32')('loads no node:crypto where the kernel has /dev/urandom', () => {
    const script = [
      `const { kernelRandomBytes } = await import(${JSON.stringify(new URL('./kernel-random-bytes.ts', import.meta.url).href)});`,
      'const bytes = kernelRandomBytes(32);',
      "console.log(bytes.length, process.moduleLoadList.includes('NativeModule crypto'));",
    ].join('\n');
    const result = spawnSync(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('32 false');
  });
});

describe('readCharacterDevice', () => {
  it('refuses what is not a character device: a regular file, a symlink to the device, nothing', () => {
    const file = join(directory, 'urandom');
    writeFileSync(file, 'x'.repeat(64));
    expect(readCharacterDevice(file, 8)).toBeUndefined();
    const link = join(directory, 'link');
    symlinkSync('/dev/urandom', link);
    expect(readCharacterDevice(link, 8)).toBeUndefined();
    expect(readCharacterDevice(join(directory, 'missing'), 8)).toBeUndefined();
    expect(readCharacterDevice(directory, 8)).toBeUndefined();
  });

  it.skipIf(process.platform === 'win32')('reads a character device whole', () => {
    expect(readCharacterDevice('/dev/zero', 16)).toEqual(Buffer.alloc(16));
  });
});
