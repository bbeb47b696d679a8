import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sandboxLauncher } from './sandbox-launcher.js';

/** Runs the launcher with `/usr/bin/env` in bubblewrap's place, to see what it would be given. */
function launch(gitSeesMasksUnchanged: boolean, env: Record<string, string>) {
  const { file, args } = sandboxLauncher({
    bwrapPath: '/bin/sh',
    filterPath: '/dev/null',
    bwrapArgs: ['-c', 'ls -l /proc/self/fd/9 | sed "s/.*-> //"; env | grep ^GIT_ | sort'],
    gitSeesMasksUnchanged,
  });
  return execFileSync(file, args, { env, encoding: 'utf8' });
}

describe('sandboxLauncher', () => {
  it('opens the program on fd 9 and appends safe.bareRepository, and with masks git stat settings, to the environment list', () => {
    expect({
      plain: launch(false, {}),
      git: launch(true, {}),
      appended: launch(true, { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'a.b', GIT_CONFIG_VALUE_0: 'c' }),
    }).toEqual({
      plain: [
        '/dev/null',
        'GIT_CONFIG_COUNT=1',
        'GIT_CONFIG_KEY_0=safe.bareRepository',
        'GIT_CONFIG_VALUE_0=explicit',
        '',
      ].join('\n'),
      git: [
        '/dev/null',
        'GIT_CONFIG_COUNT=3',
        'GIT_CONFIG_KEY_0=safe.bareRepository',
        'GIT_CONFIG_KEY_1=core.checkStat',
        'GIT_CONFIG_KEY_2=core.trustCtime',
        'GIT_CONFIG_VALUE_0=explicit',
        'GIT_CONFIG_VALUE_1=minimal',
        'GIT_CONFIG_VALUE_2=false',
        '',
      ].join('\n'),
      appended: [
        '/dev/null',
        'GIT_CONFIG_COUNT=4',
        'GIT_CONFIG_KEY_0=a.b',
        'GIT_CONFIG_KEY_1=safe.bareRepository',
        'GIT_CONFIG_KEY_2=core.checkStat',
        'GIT_CONFIG_KEY_3=core.trustCtime',
        'GIT_CONFIG_VALUE_0=c',
        'GIT_CONFIG_VALUE_1=explicit',
        'GIT_CONFIG_VALUE_2=minimal',
        'GIT_CONFIG_VALUE_3=false',
        '',
      ].join('\n'),
    });
  });
});
