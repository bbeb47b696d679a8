import { describe, expect, it } from 'vitest';
import { createShellEnvironment } from './shell-environment.js';

const base = {
  PATH: '/bin',
  HOME: '/home/a',
  OPENAI_API_KEY: 'k',
  github_token: 't',
  AWS_SECRET_ACCESS_KEY: 's',
  MONKEY: 'banana',
  UNSET: undefined,
};

describe('createShellEnvironment', () => {
  it('drops names containing KEY, SECRET or TOKEN (any case) by default', () => {
    expect(createShellEnvironment({ base })()).toEqual({ PATH: '/bin', HOME: '/home/a' });
  });

  it('keeps names matching keep, drops more with dropAlso, and sets variables last', () => {
    expect(
      createShellEnvironment({
        base,
        keep: ['github_*'],
        dropAlso: ['HOME'],
        set: { PATH: '/usr/bin', EXTRA: '1' },
      })(),
    ).toEqual({ PATH: '/usr/bin', github_token: 't', EXTRA: '1' });
  });

  it('replaces the default drop list when drop is given', () => {
    expect(createShellEnvironment({ base, drop: ['MONKEY'] })()).toEqual({
      PATH: '/bin',
      HOME: '/home/a',
      OPENAI_API_KEY: 'k',
      github_token: 't',
      AWS_SECRET_ACCESS_KEY: 's',
    });
  });

  it('starts from nothing when inherit is false', () => {
    expect(createShellEnvironment({ base, inherit: false, set: { A: 'b' } })()).toEqual({ A: 'b' });
  });
});
