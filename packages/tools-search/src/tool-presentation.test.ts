import { presentToolCall } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { GLOB_SPEC } from './glob/glob-spec.js';
import { GREP_SPEC } from './grep/grep-spec.js';
import {
  createHarness,
  ENGINES,
  removeDirectory,
  temporaryDirectory,
  writeTree,
} from './test-support/search-fixture.js';

const call = (name: string, args: Record<string, unknown>) => ({ id: 'c', name, arguments: args });

describe('how the search tools present themselves to people', () => {
  it('titles and locates their calls', () => {
    expect([
      presentToolCall(GLOB_SPEC, call('glob', { pattern: '**/*.ts' })),
      presentToolCall(GLOB_SPEC, call('glob', { pattern: '*.md', path: 'docs' })),
      presentToolCall(GREP_SPEC, call('grep', { pattern: 'TODO', path: 'src' })),
    ]).toMatchInlineSnapshot(`
      [
        {
          "kind": "search",
          "locations": [],
          "title": "Find files matching \`**/*.ts\`",
        },
        {
          "kind": "search",
          "locations": [
            "docs",
          ],
          "title": "Find files matching \`*.md\` in docs",
        },
        {
          "kind": "search",
          "locations": [
            "src",
          ],
          "title": "Search for \`TODO\` in src",
        },
      ]
    `);
  });

  it('summarise their results', () => {
    const found = { pattern: '*.ts', path: '.', matches: ['a.ts', 'b.ts'], count: 2, truncated: true };
    const matched = {
      pattern: 'x',
      path: '.',
      matches: [{ file: 'a.ts', line: 3, content: 'x = 1' }],
      filesSearched: 4,
      filesMatched: 1,
      totalMatches: 1,
      truncated: false,
    };
    expect([
      GLOB_SPEC.presentation?.result?.(found as never, {} as never),
      GREP_SPEC.presentation?.result?.(matched as never, {} as never),
      GREP_SPEC.presentation?.result?.(
        { ...matched, matches: [], filesMatched: 0, totalMatches: 0 } as never,
        {} as never,
      ),
    ]).toMatchInlineSnapshot(`
      [
        {
          "summary": "2 files (more not shown: raise maxResults)",
          "text": "a.ts
      b.ts",
        },
        {
          "summary": "1 match in 1 file",
          "text": "a.ts:3:x = 1",
        },
        {
          "summary": "no matches",
        },
      ]
    `);
  });

  it.each(ENGINES)(
    'show a file name with a newline escaped, so it cannot forge a line (%s engine)',
    async (engine) => {
      const root = await temporaryDirectory();
      try {
        await writeTree(root, { 'evil\nforged.ts:9:LEAK\u001b[2K': 'needle\n', 'plain.ts': 'needle\n' });
        const harness = createHarness({ root }, { engine });
        const grep = await harness.call('grep', { pattern: 'needle' });
        const glob = await harness.call('glob', { pattern: '*' });
        if (grep.status !== 'success' || glob.status !== 'success') throw new Error('the search failed');
        expect([
          GREP_SPEC.presentation?.result?.(grep.output as never, {} as never)?.text,
          GLOB_SPEC.presentation?.result?.(glob.output as never, {} as never)?.text,
        ]).toEqual([
          'evil\\nforged.ts:9:LEAK\\e[2K:1:needle\nplain.ts:1:needle',
          'evil\\nforged.ts:9:LEAK\\e[2K\nplain.ts',
        ]);
      } finally {
        await removeDirectory(root);
      }
    },
  );
});
