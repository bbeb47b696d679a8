import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type BwrapFixture,
  bwrapUnavailableReason,
  createBwrapFixture,
  openFixtureSandbox,
  runInSandbox,
} from './test-support/bwrap-test-kit.js';
import { toolgateDirectories } from './toolgate-directories.js';

const unavailable = await bwrapUnavailableReason();
if (unavailable) console.warn(`toolgate-directories sandbox tests skipped: ${unavailable}`);
const describeWithBwrap = unavailable ? describe.skip : describe;

describe('toolgateDirectories', () => {
  it('names the config and state directories the XDG variables give, or their defaults under the home', () => {
    expect({
      set: toolgateDirectories({ XDG_CONFIG_HOME: '/etc/xdg-c', XDG_STATE_HOME: '/srv/state' }, '/home/ada'),
      unset: toolgateDirectories({}, '/home/ada'),
      relative: toolgateDirectories({ XDG_CONFIG_HOME: 'rel', XDG_STATE_HOME: '' }, '/home/ada'),
    }).toEqual({
      set: ['/etc/xdg-c/toolgate', '/srv/state/toolgate'],
      unset: ['/home/ada/.config/toolgate', '/home/ada/.local/state/toolgate'],
      relative: ['/home/ada/.config/toolgate', '/home/ada/.local/state/toolgate'],
    });
  });
});

let fixture: BwrapFixture;
let outside: string;
const saved = { config: process.env.XDG_CONFIG_HOME, state: process.env.XDG_STATE_HOME };
beforeEach(async () => {
  fixture = await createBwrapFixture();
  // Outside /tmp (private in the sandbox) and outside the home (hidden): visible unless hidden on purpose.
  outside = await realpath(await mkdtemp('/var/tmp/toolgate-xdg-'));
});
afterEach(async () => {
  for (const [name, value] of [
    ['XDG_CONFIG_HOME', saved.config],
    ['XDG_STATE_HOME', saved.state],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await rm(outside, { recursive: true, force: true });
  await fixture.dispose();
});

describeWithBwrap('toolgate directories in the sandbox', () => {
  it('hides the user config and state directories wherever the XDG variables put them, even in the workspace', async () => {
    const cases = [
      { config: join(outside, 'config'), state: join(fixture.workspace, 'state'), readRoots: [] },
      { config: join(fixture.workspace, 'cfg'), state: join(outside, 'state'), readRoots: [] },
      // In the hidden home, but under read roots that would show them.
      {
        config: join(fixture.home, '.config'),
        state: join(fixture.home, '.local', 'state'),
        readRoots: [join(fixture.home, '.config'), join(fixture.home, '.local')],
      },
    ];
    for (const { config, state, readRoots } of cases) {
      process.env.XDG_CONFIG_HOME = config;
      process.env.XDG_STATE_HOME = state;
      await mkdir(join(config, 'toolgate'), { recursive: true });
      await mkdir(join(state, 'toolgate', 'sessions'), { recursive: true });
      await writeFile(join(config, 'toolgate', 'config.json'), '{"approval":"manual"}\n');
      await writeFile(join(state, 'toolgate', 'sessions', 'one.jsonl'), 'SESSION-CONTENT\n');
      await writeFile(join(config, 'other.json'), 'OTHER\n');
      const sandbox = await openFixtureSandbox(fixture, { readRoots });
      const run = await runInSandbox(
        sandbox,
        `ls -A ${config}/toolgate ${state}/toolgate; cat ${config}/other.json; echo x > ${state}/toolgate/new; echo "write=$?"`,
      );
      // ls lists the directories in name order.
      const listed = [config, state].sort().map((path) => `${path}/toolgate:\n`);
      expect(run).toEqual({
        code: 0,
        stdout: `${listed.join('\n')}OTHER\nwrite=1\n`,
        stderr: `/bin/bash: line 1: ${state}/toolgate/new: Read-only file system\n`,
      });
    }
  });
});
