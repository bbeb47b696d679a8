import { presentToolCall } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { GLOB_SPEC } from './glob/glob-spec.js';
import { GREP_SPEC } from './grep/grep-spec.js';

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
});
