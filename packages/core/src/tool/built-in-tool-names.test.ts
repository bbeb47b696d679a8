import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_TOOL_NAMES } from './built-in-tool-names.js';

const SOURCE_ROOT = join(import.meta.dirname, '..');

function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

describe('core knows no tool by name', () => {
  it('has no built-in tool name as a string anywhere in its source but built-in-tool-names.ts', async () => {
    const files = (await readdir(SOURCE_ROOT, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'),
    );
    expect(files.length).toBeGreaterThan(40);
    const names = new RegExp(`(['"\`])(${BUILT_IN_TOOL_NAMES.join('|')})\\1`, 'g');
    const found: string[] = [];
    for (const file of files) {
      if (file.endsWith('built-in-tool-names.ts')) continue;
      const code = withoutComments(await readFile(join(SOURCE_ROOT, file), 'utf8'));
      for (const match of code.matchAll(names)) {
        // `edit` is also one of ACP's tool kinds, which core does define.
        if (match[2] === 'edit' && file.endsWith('tool-definition.ts')) continue;
        found.push(`${relative(SOURCE_ROOT, join(SOURCE_ROOT, file))}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
