import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../errors/toolgate-error.js';
import { createSecretMatcher, DEFAULT_SECRET_PATTERNS } from './secret-patterns.js';

function createSecretNameMatcher(patterns: readonly string[]): (name: string) => boolean {
  const matcher = createSecretMatcher(patterns);
  return (name) => matcher.match(name) !== undefined;
}

describe('secret name patterns', () => {
  const isSecret = createSecretNameMatcher(DEFAULT_SECRET_PATTERNS);

  it('matches the default secrets by name', () => {
    for (const name of [
      '.env',
      '.env.local',
      '.env.production',
      'server.pem',
      'tls.key',
      'id_rsa',
      'id_rsa.pub',
      'id_ed25519',
      '.npmrc',
      '.pypirc',
      '.netrc',
    ]) {
      expect(isSecret(name), name).toBe(true);
    }
  });

  it('leaves examples and look-alikes readable', () => {
    for (const name of [
      '.env.example',
      '.env.sample',
      '.env.template',
      'env',
      '.envrc',
      'keys.ts',
      'pem',
      'my.npmrc.bak',
      'README.md',
    ]) {
      expect(isSecret(name), name).toBe(false);
    }
  });

  it('compares names case-insensitively and after NFKC normalization', () => {
    for (const name of ['.ENV', '.Env.Local', 'SERVER.PEM', 'ID_RSA', '\uFF0Eenv']) {
      expect(isSecret(name), name).toBe(true);
    }
    expect(isSecret('.ENV.EXAMPLE')).toBe(false);
  });

  it('names the pattern that matched and keeps the lists it was given', () => {
    const matcher = createSecretMatcher(DEFAULT_SECRET_PATTERNS);
    expect([matcher.match('.env.local'), matcher.match('tls.key'), matcher.match('a.ts')]).toEqual([
      '.env.*',
      '*.key',
      undefined,
    ]);
    expect(matcher.excepted).toEqual(['.env.example', '.env.sample', '.env.template']);
    expect(matcher.patterns).toEqual(DEFAULT_SECRET_PATTERNS);
  });

  it('takes configured patterns with exceptions, and matches nothing with none', () => {
    const custom = createSecretNameMatcher(['*.secret', 'creds*', '!creds.md']);
    expect([custom('a.secret'), custom('creds.json'), custom('creds.md'), custom('.env')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(createSecretNameMatcher([])('.env')).toBe(false);
    expect(createSecretNameMatcher(['!.env'])('.env')).toBe(false);
  });

  it('treats regular-expression characters in patterns literally', () => {
    const custom = createSecretNameMatcher(['a+b(1).key']);
    expect([custom('a+b(1).key'), custom('aab1.key')]).toEqual([true, false]);
  });

  it('refuses a pattern with a slash or an empty one', () => {
    expect(() => createSecretNameMatcher(['config/.env'])).toThrow(InvalidOptionsError);
    expect(() => createSecretNameMatcher(['!'])).toThrow(
      'secret pattern "!" must be a non-empty file name glob without "/"',
    );
    expect(() => createSecretNameMatcher([3 as unknown as string])).toThrow(InvalidOptionsError);
  });
});
