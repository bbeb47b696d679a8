import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** Each tool package and the failure builder typed by its own code union. */
const BUILDERS: Record<string, string> = {
  'tools-fs': 'src/internal/fs-failure.ts',
  'tools-patch': 'src/internal/patch-failure.ts',
  'tools-shell': 'src/internal/shell-failure.ts',
  'tools-search': 'src/internal/search-failure.ts',
  'tools-agents-md': 'src/internal/agents-md-failure.ts',
  mcp: 'src/internal/mcp-failure.ts',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return entry.endsWith('.ts') && !entry.endsWith('.test.ts') ? [path] : [];
  });
}

describe('failure vocabulary', () => {
  it('builds every failure of a tool package through its typed builder, never core’s untyped toolFailure', () => {
    const offenders = Object.entries(BUILDERS).flatMap(([name, builder]) => {
      const dir = join(root, 'packages', name);
      return sourceFiles(join(dir, 'src'))
        .filter((file) => relative(dir, file) !== builder && !file.includes('/test-support/'))
        .filter((file) => /\btoolFailure\s*\(/.test(readFileSync(file, 'utf8')))
        .map((file) => relative(root, file));
    });
    expect(offenders).toEqual([]);
  });

  it('types each builder by the package’s own code union', () => {
    for (const [name, builder] of Object.entries(BUILDERS)) {
      const text = readFileSync(join(root, 'packages', name, builder), 'utf8');
      expect([name, /: ToolFailureBuilder<\w+ErrorCode\b/.test(text)]).toEqual([name, true]);
    }
  });
});
