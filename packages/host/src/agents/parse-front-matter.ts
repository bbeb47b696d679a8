/** A front-matter value: a string, or a list of strings. */
export type FrontMatterValue = string | readonly string[];

/** A Markdown file's front matter and the text after it. */
export interface FrontMatter {
  /** Keys in the order written. */
  readonly fields: ReadonlyMap<string, FrontMatterValue>;
  readonly body: string;
}

/** Why the front matter could not be read; `line` is 1-based in the file. */
export class FrontMatterSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'FrontMatterSyntaxError';
  }
}

const KEY_LINE = /^([A-Za-z][\w-]*):(?:\s+(.*))?$/;

function unquote(text: string, line: number): string {
  if (text.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'string') return value;
    } catch {
      // reported below
    }
    throw new FrontMatterSyntaxError(line, `a double-quoted value must end with its quote: ${text}`);
  }
  if (text.startsWith("'")) {
    if (text.length < 2 || !text.endsWith("'") || /(^|[^'])'(?!')/.test(text.slice(1, -1)))
      throw new FrontMatterSyntaxError(line, `a single-quoted value must end with its quote: ${text}`);
    return text.slice(1, -1).replaceAll("''", "'");
  }
  // A plain value: ` #` starts a comment, as in YAML.
  return text.replace(/\s+#.*$/, '').trim();
}

function splitFlowList(inner: string, line: number): string[] {
  const items: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (const character of inner) {
    if (quote) {
      current += character;
      if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") {
      quote = character;
      current += character;
    } else if (character === ',') {
      items.push(current);
      current = '';
    } else current += character;
  }
  if (quote) throw new FrontMatterSyntaxError(line, 'a quoted list item must end with its quote');
  items.push(current);
  return items.map((item) => unquote(item.trim(), line)).filter((item) => item !== '');
}

/** The indented lines after `index` (a block's content), and the index after them. */
function indentedBlock(lines: readonly string[], index: number): { block: string[]; next: number } {
  const block: string[] = [];
  let next = index;
  while (next < lines.length && (/^\s+\S/.test(lines[next]!) || lines[next]!.trim() === '')) {
    block.push(lines[next]!);
    next++;
  }
  while (block.length > 0 && block.at(-1)!.trim() === '') {
    block.pop();
    next--;
  }
  return { block, next };
}

/**
 * Reads the YAML front matter of a Markdown file, strictly and only as far as agent files need:
 * `key: value` lines with plain, single- or double-quoted values, `[a, b]` lists, `- item` block
 * lists and `|` / `>` block text; `#` comments. Anything else is a {@link FrontMatterSyntaxError}.
 */
export function parseFrontMatter(text: string): FrontMatter {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---')
    throw new FrontMatterSyntaxError(1, 'expected front matter: the file must start with a line `---`');
  const end = lines.findIndex((line, index) => index > 0 && (line.trim() === '---' || line.trim() === '...'));
  if (end === -1) throw new FrontMatterSyntaxError(1, 'the front matter has no closing `---` line');
  const fields = new Map<string, FrontMatterValue>();
  const header = lines.slice(0, end);
  let index = 1;
  while (index < header.length) {
    const line = header[index]!;
    const lineNumber = index + 1;
    index++;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = KEY_LINE.exec(line.trimEnd());
    if (!match)
      throw new FrontMatterSyntaxError(lineNumber, `expected \`key: value\`, got ${JSON.stringify(line)}`);
    const key = match[1]!;
    if (fields.has(key)) throw new FrontMatterSyntaxError(lineNumber, `the key ${key} is given twice`);
    const raw = (match[2] ?? '').trim();
    const { block, next } = indentedBlock(header, index);
    if (raw === '' || raw === '|' || raw === '>' || raw === '|-' || raw === '>-') {
      index = next;
      if (raw === '' && block.length === 0) {
        fields.set(key, '');
        continue;
      }
      if (raw === '') {
        const items = block.filter((entry) => entry.trim() !== '');
        const bad = items.find((entry) => !/^\s+-(\s|$)/.test(entry));
        if (bad !== undefined)
          throw new FrontMatterSyntaxError(
            lineNumber,
            `the value of ${key} must be \`- item\` lines, got ${JSON.stringify(bad)}`,
          );
        fields.set(
          key,
          items.map((entry) => unquote(entry.replace(/^\s+-\s*/, '').trim(), lineNumber)),
        );
        continue;
      }
      const indent = Math.min(
        ...block.filter((entry) => entry.trim() !== '').map((entry) => /^\s*/.exec(entry)![0].length),
      );
      const content = block.map((entry) => entry.slice(indent));
      fields.set(
        key,
        raw.startsWith('|')
          ? content.join('\n')
          : content
              .map((entry) => entry.trim())
              .join(' ')
              .replace(/\s+/g, ' ')
              .trim(),
      );
      continue;
    }
    if (block.length > 0)
      throw new FrontMatterSyntaxError(
        index + 1,
        `unexpected indented line after ${key}: ${JSON.stringify(block[0])}`,
      );
    if (raw.startsWith('[')) {
      if (!raw.endsWith(']'))
        throw new FrontMatterSyntaxError(lineNumber, `the list of ${key} must end with \`]\``);
      fields.set(key, splitFlowList(raw.slice(1, -1), lineNumber));
      continue;
    }
    fields.set(key, unquote(raw, lineNumber));
  }
  return {
    fields,
    body: lines
      .slice(end + 1)
      .join('\n')
      .trim(),
  };
}
