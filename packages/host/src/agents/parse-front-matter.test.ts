import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './parse-front-matter.js';

const fields = (text: string) => Object.fromEntries(parseFrontMatter(text).fields);

describe('parseFrontMatter', () => {
  it('reads plain, quoted, list and block values, and the body after the closing line', () => {
    const parsed = parseFrontMatter(
      [
        '---',
        'name: reviewer',
        '# a comment',
        'description: Use it when: a diff needs review # not part of it',
        'quoted: "a \\"b\\" #c"',
        "single: 'it''s'",
        'flow: [read_file, "grep", glob]',
        'block:',
        '  - one',
        '  - "two"',
        'text: |',
        '  line 1',
        '    line 2',
        'folded: >',
        '  a',
        '  b',
        'empty:',
        '---',
        '',
        'You review diffs.',
        '',
      ].join('\n'),
    );
    expect(Object.fromEntries(parsed.fields)).toEqual({
      name: 'reviewer',
      description: 'Use it when: a diff needs review',
      quoted: 'a "b" #c',
      single: "it's",
      flow: ['read_file', 'grep', 'glob'],
      block: ['one', 'two'],
      text: 'line 1\n  line 2',
      folded: 'a b',
      empty: '',
    });
    expect(parsed.body).toBe('You review diffs.');
  });

  it('accepts CRLF line ends and a byte order mark', () => {
    expect(fields('\uFEFF---\r\nname: a\r\n---\r\nbody')).toEqual({ name: 'a' });
  });

  it.each([
    ['no opening line', 'name: a\n', /line 1: expected front matter/],
    ['no closing line', '---\nname: a\n', /no closing `---` line/],
    ['a line that is not key: value', '---\nname a\n---\n', /line 2: expected `key: value`/],
    ['a key given twice', '---\nname: a\nname: b\n---\n', /line 3: the key name is given twice/],
    ['an unterminated quote', '---\nname: "a\n---\n', /line 2: a double-quoted value must end/],
    ['an unterminated list', '---\ntools: [a, b\n---\n', /line 2: the list of tools must end with `]`/],
    [
      'a block that is not a list',
      '---\ntools:\n  read_file\n---\n',
      /the value of tools must be `- item` lines/,
    ],
    [
      'an indented line after a value',
      '---\nname: a\n  b\n---\n',
      /line 3: unexpected indented line after name/,
    ],
  ])('refuses %s', (_case, text, message) => {
    expect(() => parseFrontMatter(text)).toThrow(message);
  });
});
