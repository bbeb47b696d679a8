import { describe, expect, it } from 'vitest';
import { sessionDirectory } from './session-directory.js';

describe('sessionDirectory', () => {
  it('names a session directory under the state directory', () => {
    expect(sessionDirectory('/state', 'a1-b_2')).toBe('/state/sessions/a1-b_2');
  });

  it.each(['../x', 'a/b', '..', '.hidden', '', 'a b', '/abs'])(
    'refuses %j, which would not stay a name',
    (id) => {
      expect(() => sessionDirectory('/state', id)).toThrow(/Not a session id/);
    },
  );
});
