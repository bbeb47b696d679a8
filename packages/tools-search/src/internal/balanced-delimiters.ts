/** A pair of grouping characters: `{}` for brace expansion, `()` for extglobs. */
export interface Delimiters {
  readonly open: string;
  readonly close: string;
}

/** Finds the closing delimiter of the group opened at `start`, or -1. Escaped characters do not count. */
export function findClosingDelimiter(text: string, start: number, delimiters: Delimiters): number {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (character === '\\') {
      index++;
      continue;
    }
    if (character === delimiters.open) depth++;
    else if (character === delimiters.close) {
      depth--;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** Splits `body` at every `separator` outside nested groups; escaped characters do not count. */
export function splitTopLevel(body: string, separator: string, delimiters: Delimiters): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < body.length; index++) {
    const character = body[index];
    if (character === '\\') {
      index++;
      continue;
    }
    if (character === delimiters.open) depth++;
    else if (character === delimiters.close) depth--;
    else if (character === separator && depth === 0) {
      parts.push(body.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}
