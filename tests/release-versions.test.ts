import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

interface Manifest {
  readonly name: string;
  readonly version?: string;
  readonly private?: boolean;
}

/** Every workspace package but the private ones (examples, bench): what a release publishes. */
const published = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(ROOT, group))
    .map((name) => join(ROOT, group, name))
    .filter((directory) => existsSync(join(directory, 'package.json')))
    .map((directory) => ({
      directory,
      manifest: JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as Manifest,
    }))
    .filter(({ manifest }) => manifest.private !== true),
);

describe('the release', () => {
  it('publishes every @toolgate package at one version (the fixed group), before and after a cut', () => {
    expect(published.length).toBeGreaterThan(0);
    for (const { manifest } of published) expect(manifest.name).toMatch(/^@toolgate\//);
    const versions = new Set(published.map(({ manifest }) => manifest.version));
    expect([...versions]).toHaveLength(1);
    expect([...versions][0]).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('gives each package a CHANGELOG.md once a version was cut (0.0.0 is before the first)', () => {
    for (const { directory, manifest } of published)
      expect({ name: manifest.name, changelog: existsSync(join(directory, 'CHANGELOG.md')) }).toEqual({
        name: manifest.name,
        changelog: manifest.version !== '0.0.0',
      });
  });
});
