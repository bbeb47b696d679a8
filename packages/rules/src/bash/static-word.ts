import type { Node } from 'web-tree-sitter';
import type { StaticWord } from './command-line-analysis.js';

const DOUBLE_QUOTED_ESCAPE = /\\([$`"\\\n])/g;

/** Unquoted text that bash expands into other words: a glob (`*`, `?`, `[…]`) or a brace (`{a,b}`, `{1..3}`). */
const EXPANDING = /[*?]|\[.*\]|\{.*(,|\.\.).*\}/s;

/** `$` followed by what starts an expansion, in text the grammar read as a plain word. */
const MISSED_EXPANSION = /\$[{([A-Za-z0-9_@*#?$!-]|`/;
/** Characters that make an unnamed token of a word something other than literal text. */
const UNPLAIN_TOKEN = /[`$\\(){}<>|&;'"]/;

/** A word's unquoted text with escaped characters blanked, so `\*` is not a glob. */
const unescapedShape = (text: string) => text.replace(/\\./gs, '_');

/** The value and unquoted shape of one part of a word, or `null` when it depends on expansion. */
function wordPart(node: Node): { value: string; shape: string } | null {
  switch (node.type) {
    case 'word':
    case 'number':
      // A `$` the grammar left in a word (`${x:-`…`}` inside quotes) is still an expansion to bash.
      if (MISSED_EXPANSION.test(unescapedShape(node.text))) return null;
      return { value: node.text.replace(/\\(.)/gs, '$1'), shape: unescapedShape(node.text) };
    case 'raw_string': {
      const value = node.text.slice(1, -1);
      return { value, shape: '_'.repeat(value.length) };
    }
    case 'ansi_c_string':
      // `$'…'`: static only without escapes, whose values the analyzer does not decode.
      if (node.text.includes('\\')) return null;
      return { value: node.text.slice(2, -1), shape: '_' };
    case 'translated_string':
    case 'string': {
      const string = node.type === 'string' ? node : node.namedChild(0);
      if (string?.type !== 'string') return null;
      if (string.namedChildren.some((part) => part?.type !== 'string_content')) return null;
      const value = string.text
        .slice(1, -1)
        .replace(DOUBLE_QUOTED_ESCAPE, (_, character: string) => (character === '\n' ? '' : character));
      return { value, shape: '_' };
    }
    case 'concatenation': {
      let value = '';
      let shape = '';
      for (const part of node.children) {
        if (!part) continue;
        // Bare characters between named parts (`a"b"c`) are unnamed tokens that stand for themselves.
        // An unnamed token other than plain characters (r``m: an empty substitution) is not static.
        if (!part.isNamed && UNPLAIN_TOKEN.test(part.text)) return null;
        const each = part.isNamed ? wordPart(part) : { value: part.text, shape: unescapedShape(part.text) };
        if (each === null) return null;
        value += each.value;
        shape += each.shape;
      }
      return { value, shape };
    }
    default:
      return null;
  }
}

/**
 * The value a word node has before the shell expands anything, or `null` when it depends on
 * expansion: a variable, a substitution, or an unquoted glob or brace that bash expands into
 * other words (`/bin/[r]m`, `r?`, `{a,b}`).
 */
export function staticWord(node: Node): StaticWord {
  const part = wordPart(node);
  if (part === null || EXPANDING.test(part.shape)) return null;
  return part.value;
}
