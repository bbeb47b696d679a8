import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPermissionRules } from './create-permission-rules.js';
import { parsePermissionRules } from './parse-permission-rules.js';

const { rules } = parsePermissionRules(
  { allow: ['bash(git status)', 'bash(ls:*)', 'bash(echo:*)'], deny: ['bash(rm:*)'] },
  'test',
);
const engine = createPermissionRules(rules);

const ALLOWED = ['git status', 'ls -la', 'echo hi', 'ls'];
const DENIED = ['rm -rf x', '/bin/rm y', 'sudo rm z'];
// Not `python3 x.py`: a script file is code the rules cannot read, which asks while `rm:*` is denied.
const NEITHER = ['npm test', 'git push', 'make'];

type Part = { text: string; kind: 'allowed' | 'denied' | 'neither' };
const part: fc.Arbitrary<Part> = fc.oneof(
  fc.constantFrom(...ALLOWED).map((text) => ({ text, kind: 'allowed' as const })),
  fc.constantFrom(...DENIED).map((text) => ({ text, kind: 'denied' as const })),
  fc.constantFrom(...NEITHER).map((text) => ({ text, kind: 'neither' as const })),
);

/** Wraps a composed line in one of the shell's ways of running commands inside commands. */
const wrap = (text: string, how: number) =>
  [text, `(${text})`, `{ ${text}; }`, `bash -c '${text}'`, `echo $(${text})`, `echo \`${text}\``][how]!;

describe('a composed command line', () => {
  it('is allowed only if every part is, and denied if any part is', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(part, { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom(' && ', ' || ', '; ', ' | ', '\n'), { minLength: 5, maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 6, maxLength: 6 }),
        async (parts, operators, wrappings) => {
          const line = parts
            .map(
              (item, index) => (index === 0 ? '' : operators[index - 1]) + wrap(item.text, wrappings[index]!),
            )
            .join('');
          const decision = (await engine.decide({ tool: 'bash', command: line }))?.decision;
          const kinds = new Set(parts.map((item) => item.kind));
          // `echo $(…)` and backticks add an `echo`, which is allowed, so they change nothing.
          if (kinds.has('denied')) expect(decision).toBe('deny');
          else if (kinds.has('neither')) expect(decision).toBeUndefined();
          else expect(decision).toBe('allow');
        },
      ),
      { numRuns: 300 },
    );
  });
});
