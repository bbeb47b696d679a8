/** What a JavaScript or TypeScript file names to load, as far as its text says. */
export interface ModuleSpecifiers {
  /** What static imports and re-exports name, and what an import call or `require` call names by a string literal. */
  readonly specifiers: readonly string[];
  /** Import or `require` calls of something other than a string literal, as written (shortened). */
  readonly dynamic: readonly string[];
  /** Every string literal, and every template literal without a substitution, in order. */
  readonly strings: readonly string[];
}

type Token =
  | { readonly type: 'word'; readonly text: string }
  | { readonly type: 'string'; readonly text: string }
  | { readonly type: 'template'; readonly text: string }
  | { readonly type: 'punct'; readonly text: string };

/** After these a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set([
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
]);
const KEYWORDS_BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  const regexAllowed = () => {
    const last = tokens[tokens.length - 1];
    if (!last) return true;
    if (last.type === 'punct') return BEFORE_REGEX.has(last.text);
    return last.type === 'word' && KEYWORDS_BEFORE_REGEX.has(last.text);
  };
  while (index < source.length) {
    const char = source[index]!;
    const next = source[index + 1];
    if (/\s/.test(char)) index += 1;
    else if (char === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      index = end === -1 ? source.length : end;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      index = end === -1 ? source.length : end + 2;
    } else if (char === '"' || char === "'") {
      let text = '';
      index += 1;
      while (index < source.length && source[index] !== char && source[index] !== '\n') {
        if (source[index] === '\\') {
          text += source[index + 1] ?? '';
          index += 2;
        } else text += source[index++];
      }
      index += 1;
      tokens.push({ type: 'string', text });
    } else if (char === '`') {
      // Opaque: only whether it interpolates matters (an import of a template is dynamic).
      let text = '';
      index += 1;
      while (index < source.length && source[index] !== '`') {
        if (source[index] === '\\') index += 1;
        text += source[index] ?? '';
        index += 1;
      }
      index += 1;
      tokens.push({ type: 'template', text });
    } else if (char === '/' && regexAllowed()) {
      let inClass = false;
      index += 1;
      while (index < source.length && source[index] !== '\n') {
        const inner = source[index]!;
        if (inner === '\\') index += 1;
        else if (inner === '[') inClass = true;
        else if (inner === ']') inClass = false;
        else if (inner === '/' && !inClass) break;
        index += 1;
      }
      index += 1;
      tokens.push({ type: 'punct', text: 'regex' });
    } else if (/[\w$]/.test(char)) {
      let end = index + 1;
      while (end < source.length && /[\w$]/.test(source[end]!)) end += 1;
      tokens.push({ type: 'word', text: source.slice(index, end) });
      index = end;
    } else {
      tokens.push({ type: 'punct', text: char });
      index += 1;
    }
  }
  return tokens;
}

/**
 * The modules a source file loads, read from its tokens (comments, strings, template literals and
 * regular expressions skipped as such). It errs towards finding too much: a specifier-like string
 * in an odd place is still reported, and whatever it misses cannot load from the verified private
 * copy toolgate runs the file from.
 */
export function findModuleSpecifiers(source: string): ModuleSpecifiers {
  const tokens = tokenize(source);
  const specifiers: string[] = [];
  const dynamic: string[] = [];
  const show = (from: number) =>
    tokens
      .slice(from, from + 6)
      .map((token) => (token.type === 'string' ? JSON.stringify(token.text) : token.text))
      .join(' ');
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    const previous = tokens[index - 1];
    const member = previous?.type === 'punct' && previous.text === '.';
    if (token.type !== 'word' || member) continue;
    if (token.text === 'from' && next?.type === 'string') specifiers.push(next.text);
    else if (token.text === 'import' && next?.type === 'string') specifiers.push(next.text);
    else if (
      (token.text === 'import' || token.text === 'require') &&
      next?.type === 'punct' &&
      next.text === '('
    ) {
      const argument = tokens[index + 2];
      const after = tokens[index + 3];
      const closes = after?.type === 'punct' && (after.text === ')' || after.text === ',');
      if (argument?.type === 'string' && closes) specifiers.push(argument.text);
      else dynamic.push(show(index));
    } else if (token.text === 'import' && next?.type === 'punct' && next.text === '.') {
      // import.meta.resolve(…) names a module too; import.meta.url and the rest do not load anything.
      const property = tokens[index + 3];
      if (property?.type === 'word' && property.text === 'resolve') {
        const argument = tokens[index + 5];
        if (argument?.type === 'string') specifiers.push(argument.text);
        else dynamic.push(show(index));
      }
    } else if (token.text === 'createRequire' || token.text === 'dlopen') dynamic.push(show(index));
  }
  const strings = tokens
    .filter((token) => token.type === 'string' || (token.type === 'template' && !token.text.includes('${')))
    .map((token) => token.text);
  return { specifiers, dynamic, strings };
}
