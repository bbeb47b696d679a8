import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

interface Manifest {
  name: string;
  exports?: Record<string, string | Record<string, string>>;
}

/** Every package under packages/ with each entry point (`.`, `./testing`, …) that has its own source index. */
const entryPoints = readdirSync(join(root, 'packages')).flatMap((name) => {
  const dir = join(root, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
  return Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => {
    const source = typeof target === 'object' ? target['@toolgate/source'] : undefined;
    return source ? [{ dir, entry: join(manifest.name, subpath), index: join(dir, source) }] : [];
  });
});

/** The names an index exports: `export { a, type B as C } from`, `export function/const/class/interface/type/enum`. */
function exportedNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/^\s*export\s+(?:type\s+)?\{([^}]*)\}/gm)) {
    for (const part of match[1]!.split(',')) {
      const words = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      const name = words.at(-1)?.trim();
      if (name) names.add(name);
    }
  }
  const declaration =
    /^\s*export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum|abstract\s+class)\s+([A-Za-z_$][\w$]*)/gm;
  for (const match of text.matchAll(declaration)) names.add(match[1]!);
  return [...names].sort();
}

function documented(readme: string, name: string): boolean {
  const escaped = name.replace(/[$]/g, '\\$');
  return new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`).test(readme);
}

describe('package READMEs', () => {
  it('finds the entry points of the packages, including the testing kits', () => {
    const entries = entryPoints.map((point) => point.entry);
    expect(entries).toContain('@toolgate/core');
    expect(entries).toContain('@toolgate/core/testing');
    expect(entries).toContain('@toolgate/agent/testing');
  });

  it('reads value and type exports from an index', () => {
    const text = [
      "export { a, type B, c as D } from './x.js';",
      "export type { E } from './e.js';",
      'export function f() {}',
      'export const g = 1;',
      'export interface H {}',
      'export type I = string;',
      'export class J {}',
    ].join('\n');
    expect(exportedNames(text)).toEqual(['B', 'D', 'E', 'H', 'I', 'J', 'a', 'f', 'g']);
  });

  it.each(entryPoints)('$entry documents every name its index exports', ({ dir, index }) => {
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    const missing = exportedNames(readFileSync(index, 'utf8')).filter((name) => !documented(readme, name));
    expect(missing, 'exported but not named in README.md: document it or stop exporting it').toEqual([]);
  });
});
