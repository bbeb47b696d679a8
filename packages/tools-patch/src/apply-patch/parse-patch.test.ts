import { describe, expect, it } from 'vitest';
import { parsePatch } from './parse-patch.js';
import type { HunkLines, ParsePatchResult } from './patch-operation.js';

/** A hunk's lines as plain objects. */
function plainLines(lines: HunkLines): { kind: string; text: string }[] {
  return Array.from({ length: lines.count }, (_, index) => ({
    kind: lines.kind(index),
    text: lines.text(index),
  }));
}

/** {@link parsePatch}, its hunks' lines made plain to compare. */
function parse(text: string): unknown {
  const result: ParsePatchResult = parsePatch(text);
  if (!result.ok) return result;
  return {
    ok: true,
    operations: result.operations.map((operation) =>
      operation.type === 'update'
        ? { ...operation, hunks: operation.hunks.map((hunk) => ({ ...hunk, lines: plainLines(hunk.lines) })) }
        : operation,
    ),
  };
}

const wrap = (...lines: string[]): string => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');

describe('parsePatch', () => {
  it('parses add, delete and update sections with a move, contexts and an End of File hunk', () => {
    expect(
      parse(
        wrap(
          '*** Add File: a.txt',
          '+one',
          '+',
          '*** Delete File: b.txt',
          '*** Update File: c.txt',
          '*** Move to: d.txt',
          '@@ class A',
          ' keep',
          '-old',
          '+new',
          '*** End of File',
        ),
      ),
    ).toEqual({
      ok: true,
      operations: [
        { type: 'add', path: 'a.txt', lines: ['one', ''], line: 2 },
        { type: 'delete', path: 'b.txt', line: 5 },
        {
          type: 'update',
          path: 'c.txt',
          moveTo: 'd.txt',
          line: 6,
          hunks: [
            {
              contexts: ['class A'],
              endOfFile: true,
              line: 8,
              lines: [
                { kind: 'context', text: 'keep' },
                { kind: 'remove', text: 'old' },
                { kind: 'add', text: 'new' },
              ],
            },
          ],
        },
      ],
    });
  });

  it("accepts AI4J's aliases, a missing space after the colon, and padded markers", () => {
    const result = parse(
      '  *** Begin Patch \n*** Add:x.txt\n+x\n   *** Update: y.txt\n-a\n+b\n*** Delete:  z.txt  \n *** End Patch \n\n',
    );
    expect(result).toEqual({
      ok: true,
      operations: [
        { type: 'add', path: 'x.txt', lines: ['x'], line: 2 },
        {
          type: 'update',
          path: 'y.txt',
          line: 4,
          hunks: [
            {
              contexts: [],
              endOfFile: false,
              line: 5,
              lines: [
                { kind: 'remove', text: 'a' },
                { kind: 'add', text: 'b' },
              ],
            },
          ],
        },
        { type: 'delete', path: 'z.txt', line: 7 },
      ],
    });
  });

  it('skips unified-diff headers before the first hunk and takes the text after a numbered @@ header as context', () => {
    const result = parsePatch(
      wrap(
        '*** Update File: src/a.ts',
        'diff --git a/src/a.ts b/src/a.ts',
        'index 83db48f..bf269f4 100644',
        '--- a/src/a.ts',
        '+++ b/src/a.ts',
        '@@ -10,3 +10,3 @@ function main() {',
        '-x',
        '+y',
        '@@ -20 +20 @@',
        '-p',
        '+q',
      ),
    );
    expect(result.ok && result.operations[0]).toMatchObject({
      hunks: [{ contexts: ['function main() {'] }, { contexts: [] }],
    });
  });

  it('treats stacked @@ lines as successive anchors', () => {
    const result = parsePatch(
      wrap('*** Update File: a.py', '@@ class A:', '@@     def m(self):', '-  pass', '+  return 1'),
    );
    expect(result.ok && result.operations[0]).toMatchObject({
      hunks: [{ contexts: ['class A:', '    def m(self):'] }],
    });
  });

  it('never turns blank lines that separate sections into context lines, but keeps blank lines inside a hunk', () => {
    const result = parse(
      wrap(
        '*** Update File: a.txt',
        '@@',
        ' a',
        '',
        ' b',
        '-c',
        '',
        '',
        '*** Add File: b.txt',
        '+x',
        '',
        '+y',
        '',
        '',
      ),
    );
    expect(result).toEqual({
      ok: true,
      operations: [
        {
          type: 'update',
          path: 'a.txt',
          line: 2,
          hunks: [
            {
              contexts: [],
              endOfFile: false,
              line: 3,
              lines: [
                { kind: 'context', text: 'a' },
                { kind: 'context', text: '' },
                { kind: 'context', text: 'b' },
                { kind: 'remove', text: 'c' },
              ],
            },
          ],
        },
        { type: 'add', path: 'b.txt', lines: ['x', '', 'y'], line: 10 },
      ],
    });
  });

  it('strips a heredoc wrapper and CRLF line breaks of the patch text', () => {
    const result = parse("<<'EOF'\r\n*** Begin Patch\r\n*** Add File: a\r\n+x\r\n*** End Patch\r\nEOF\r\n");
    expect(result).toEqual({ ok: true, operations: [{ type: 'add', path: 'a', lines: ['x'], line: 3 }] });
  });

  it.each(['<<EOF', '<<"EOF"', "apply_patch <<'EOF'", "cat <<'EOF'"])(
    'strips the heredoc opener %s',
    (opener) => {
      expect(parse(`${opener}\n*** Begin Patch\n*** Delete File: a\n*** End Patch\nEOF`)).toEqual({
        ok: true,
        operations: [{ type: 'delete', path: 'a', line: 3 }],
      });
    },
  );

  it('refuses a heredoc opener with mismatched quotes (<<"EOF\')', () => {
    expect(parse(`<<"EOF'\n*** Begin Patch\n*** Delete File: a\n*** End Patch\nEOF`)).toEqual({
      ok: false,
      line: 1,
      message: "The first line of the patch must be '*** Begin Patch'; got '<<\"EOF''.",
    });
  });

  it('allows an update with only a move (a rename)', () => {
    expect(parse(wrap('*** Update File: a', '*** Move to: b'))).toEqual({
      ok: true,
      operations: [{ type: 'update', path: 'a', moveTo: 'b', hunks: [], line: 2 }],
    });
  });

  it.each([
    ['', 1, "The patch is empty. It must start with '*** Begin Patch' and end with '*** End Patch'."],
    ['hello\n*** End Patch', 1, "The first line of the patch must be '*** Begin Patch'; got 'hello'."],
    [
      '*** Begin Patch\n*** Add File: a\n+x',
      3,
      "The last line of the patch must be '*** End Patch'; got '+x'.",
    ],
    ['*** Begin Patch', 1, "The last line of the patch must be '*** End Patch'; got the end of the text."],
    [
      '*** Begin Patch\n*** End Patch',
      1,
      "The patch contains no file operations, so no files were modified. Add at least one '*** Add File: <path>', '*** Update File: <path>' or '*** Delete File: <path>' section.",
    ],
    [
      wrap('*** Frobnicate File: foo'),
      2,
      "'*** Frobnicate File: foo' is not a valid file operation header. Expected '*** Add File: <path>', '*** Update File: <path>' or '*** Delete File: <path>'.",
    ],
    [wrap('*** Add File:   '), 2, "'*** Add File:' is missing a file path after the colon."],
    [
      wrap('*** Update File: foo.txt'),
      2,
      "Update file hunk for path 'foo.txt' is empty. Give at least one '@@' hunk with '-' and '+' lines, or add '*** Move to: <path>' to only rename it.",
    ],
    [
      wrap('*** Update File: a', '@@', '*** Delete File: b'),
      3,
      "Update hunk for path 'a' does not contain any lines. After '@@' give ' ' context, '-' removed and '+' added lines.",
    ],
    [
      wrap('*** Update File: a', '@@', 'oops', '+x'),
      4,
      "Unexpected line in the update of 'a': 'oops'. Every hunk line starts with ' ' (context), '+' (added) or '-' (removed); '@@' starts a hunk and a line starting with '***' starts the next file operation.",
    ],
    [
      wrap('*** Update File: a', '@@', '*** End of File'),
      4,
      "Update hunk does not contain any lines before '*** End of File'.",
    ],
    [
      wrap('*** Update File: a', '-x', '*** End of File', '+y'),
      5,
      "Expected '@@' or the next file operation after '*** End of File'; got '+y'.",
    ],
    [
      wrap('*** Move to: b'),
      2,
      "'*** Move to:' must come directly after an '*** Update File: <path>' line; got '*** Move to: b' here.",
    ],
    [wrap('*** Update File: a', '*** Move to:'), 3, "'*** Move to:' is missing the destination path."],
    [
      wrap('*** End of File'),
      2,
      "'*** End of File' must follow the last line of an update hunk; here it follows no hunk.",
    ],
    [
      wrap('*** Add File: a', 'x'),
      3,
      "'x' is not a valid file operation header. Expected '*** Add File: <path>', '*** Update File: <path>' or '*** Delete File: <path>'.",
    ],
    [
      '*** Begin Patch\n*** Delete File: a\n*** End Patch\nmore',
      4,
      "The last line of the patch must be '*** End Patch'; got 'more'.",
    ],
  ])('reports %j at line %i', (text, line, message) => {
    expect(parse(text)).toEqual({ ok: false, line, message });
  });
});
