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

  it('drops the secrets named by the usual conventions of databases, registries and services', () => {
    const secrets = {
      DATABASE_URL: 'postgres://app:hunter2@db.internal/app',
      NPM_CONFIG__AUTH: 'dXNlcjpwYXNz',
      PGPASSWORD: 'hunter2',
      MYSQL_PWD: 'hunter2',
      DOCKER_AUTH_CONFIG: '{"auths":{}}',
      SENTRY_DSN: 'https://abc@o1.ingest.sentry.io/1',
      GH_PAT: 'ghp_x',
      CREDENTIALS: 'x',
      GOOGLE_APPLICATION_CREDENTIALS: '/keys/sa.json',
      HTTPS_PROXY: 'http://me:hunter2@proxy.internal:3128',
      all_proxy: 'socks5://me:hunter2@proxy.internal:1080',
      REDIS: 'cache at rediss://default:hunter2@cache:6380 (primary)',
      SMTP_PASS: 'x',
      DB_PASSWD: 'x',
      GPG_PASSPHRASE: 'x',
      SESSION_COOKIE: 'x',
      BW_SESSION: 'x',
      OP_SESSION_team: 'x',
      basic_auth: 'x',
    };
    expect(createShellEnvironment({ base: { ...secrets, PATH: '/bin' } })()).toEqual({ PATH: '/bin' });
  });

  it('keeps ordinary variables whose names merely contain a secret word', () => {
    const ordinary = {
      PATH: '/usr/bin:/bin',
      HOME: '/home/a',
      PWD: '/work',
      OLDPWD: '/',
      LANG: 'C.UTF-8',
      TERM: 'xterm',
      NODE_ENV: 'test',
      PATHEXT: '.COM;.EXE',
      NODE_PATH: '/lib/node',
      SPATIAL_INDEX: 'on',
      GIT_AUTHOR_NAME: 'A',
      AUTHOR: 'A',
      BYPASS_CACHE: '1',
      PASSTHROUGH: '1',
      DSNAME: 'x',
      HTTPS_PROXY: 'http://proxy.internal:3128',
      NO_PROXY: 'localhost,127.0.0.1',
      GIT_REMOTE: 'ssh://git@github.com/a/b.git',
      CONNECTION: 'mailto:me@example.com',
    };
    expect(createShellEnvironment({ base: ordinary })()).toEqual(ordinary);
  });

  it('keeps a variable holding URL credentials when keep names it', () => {
    expect(
      createShellEnvironment({
        base: { DATABASE_URL: 'postgres://u:p@h/db', PROXY: 'http://u:p@h' },
        keep: ['DATABASE_URL'],
      })(),
    ).toEqual({ DATABASE_URL: 'postgres://u:p@h/db' });
  });

  it('drops values holding URL credentials even when drop replaces the name patterns', () => {
    expect(createShellEnvironment({ base: { A: 'x', B: 'https://u:p@h/' }, drop: [] })()).toEqual({ A: 'x' });
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
