import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_KINDS, nodeKindAsks } from './node-kinds.js';

const require = createRequire(import.meta.url);
const grammarTypes = (
  JSON.parse(
    readFileSync(
      join(dirname(require.resolve('tree-sitter-bash/package.json')), 'src', 'node-types.json'),
      'utf8',
    ),
  ) as { type: string; named: boolean }[]
)
  .filter((type) => type.named)
  .map((type) => type.type)
  .sort();

describe('the table of node kinds', () => {
  it('judges or asks for every named node type tree-sitter-bash can produce, and for nothing else', () => {
    expect(Object.keys(NODE_KINDS).sort()).toEqual(grammarTypes);
  });

  it('asks for a kind the grammar has and the table does not', () => {
    expect(nodeKindAsks('a_future_node')).toBe('a a_future_node node, which the analyzer does not know');
    expect(nodeKindAsks('command')).toBeUndefined();
  });
});
