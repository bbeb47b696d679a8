import { describe, expect, it } from 'vitest';
import { GLOB_SPEC } from './glob/glob-spec.js';
import { GREP_SPEC } from './grep/grep-spec.js';

describe('grep and glob arguments', () => {
  it('take a count given as its decimal text, as read_file and bash do (models often quote numbers)', () => {
    expect(GREP_SPEC.parseArguments({ pattern: 'x', maxResults: '10' })).toMatchObject({
      ok: true,
      value: { maxResults: 10 },
    });
    expect(GLOB_SPEC.parseArguments({ pattern: '*.ts', maxResults: ' 25 ' })).toMatchObject({
      ok: true,
      value: { maxResults: 25 },
    });
  });

  it('still refuse a count that is not a whole number of 1 or more, quoting it', () => {
    for (const maxResults of ['ten', '1.5', 0, '0', 2.5]) {
      const parsed = GREP_SPEC.parseArguments({ pattern: 'x', maxResults });
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.message).toContain('maxResults');
    }
  });
});
