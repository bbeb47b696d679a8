import type { Node } from 'web-tree-sitter';
import type { StaticWord } from './command-line-analysis.js';

const DOUBLE_QUOTED_ESCAPE = /\\([$`"\\\n])/g;

/** The value a word node has before the shell expands anything, or `null` when it depends on expansion. */
export function staticWord(node: Node): StaticWord {
  switch (node.type) {
    case 'word':
    case 'number':
      return node.text.replace(/\\(.)/gs, '$1');
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string': {
      const parts = node.namedChildren;
      if (parts.some((part) => part?.type !== 'string_content')) return null;
      return node.text
        .slice(1, -1)
        .replace(DOUBLE_QUOTED_ESCAPE, (_, character: string) => (character === '\n' ? '' : character));
    }
    case 'concatenation': {
      let value = '';
      for (const part of node.children) {
        if (!part) continue;
        // Bare characters between named parts (`a"b"c`) are unnamed tokens that stand for themselves.
        const partValue = part.isNamed ? staticWord(part) : part.text;
        if (partValue === null) return null;
        value += partValue;
      }
      return value;
    }
    default:
      return null;
  }
}
