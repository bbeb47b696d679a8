import { InvalidOptionsError } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { createSecretNameMatcher, DEFAULT_SECRET_PATTERNS } from './secret-patterns.js';

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
  });
});
