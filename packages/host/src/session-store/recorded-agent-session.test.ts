import { mkdir, mkdtemp, readdir, realpath, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSessionSettings } from '../config/resolve-session-settings.js';
import type { SessionStoreOptions } from '../session/host-session.js';
import { openHostSession } from '../session/open-host-session.js';
import { openSessionStore } from './session-store.js';

let directory: string;
let root: string;
let state: string;
let server: FakeModelServer;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-recorded-')));
  root = join(directory, 'repo');
  state = join(directory, 'state');
  await mkdir(root);
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

async function open(store: Omit<SessionStoreOptions, 'stateDirectory'> = {}, config: object = {}) {
  const configFile = join(directory, 'toolgate.config.json');
  await writeFile(configFile, JSON.stringify(config));
  const settings = await resolveSessionSettings({
    root,
    env: { XDG_CONFIG_HOME: join(directory, 'config-home') },
    configFile,
    notice: () => {},
  });
  return openHostSession(settings, {
    purpose: { kind: 'agent' },
    answeredBy: 'test',
    env: { TOOLGATE_MODEL: 'openai-compatible:test', TOOLGATE_BASE_URL: server.baseURL },
    notice: () => {},
    mode: () => 'auto',
    store: { stateDirectory: state, ...store },
  });
}

const SUMMARY_REQUEST = 'You write the summary';

const userTexts = (index: number): string[] =>
  (server.requests[index]?.body?.messages ?? [])
    .filter((message) => message.role === 'user')
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    );

describe('a recorded agent session', () => {
  it('records a compaction: a resumed session gets the summary and the turn after it, a rewind goes back past it', async () => {
    server.reply({ text: 'one' }, { text: 'two' }, { text: 'three' }, { text: 'four' }, { text: 'five' });
    server.replyWhen(SUMMARY_REQUEST, { text: 'They said one and two.' });
    const first = await open();
    await first.prompt('first').result;
    await first.prompt('second').result;
    await first.prompt('third').result;
    expect(await first.compact()).toMatchObject({ compacted: true, replaced: 2 });
    const id = first.stored!.id;
    await first.close();

    const resumed = await open({ conversation: { kind: 'resume', id } });
    expect(resumed.stored?.opened?.compactedThrough).toBe(2);
    expect(resumed.stored?.turns()).toEqual([1, 2, 3]);
    await resumed.prompt('fourth').result;
    const texts = userTexts(4);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('They said one and two.');
    expect(texts.slice(1)).toEqual(['third', 'fourth']);

    // Rewinding to before turn 2 goes back past the summary: turn 1 is there whole, as the store kept it.
    await resumed.rewind(2, { code: false, conversation: true });
    expect(resumed.stored?.turns()).toEqual([1]);
    await resumed.prompt('fifth').result;
    const after = userTexts(5);
    expect(after[0]).toBe('first');
    expect(after[1]).toContain('rewound this conversation to before their message number 2');
    expect(after[1]).toMatch(/fifth$/);
    expect(resumed.stored?.turns()).toEqual([1, 5]);
    await expect(resumed.rewind(2, { code: false, conversation: true })).rejects.toThrow(
      'holds no turn 2; its turns are 1, 5',
    );
    await resumed.close();
  });

  it('keeps only the newest sessions and those written within the days the retention allows', async () => {
    const store = openSessionStore(state);
    const ids: string[] = [];
    for (const text of ['a', 'b', 'c']) {
      server.reply({ text });
      const session = await open();
      await session.prompt(text).result;
      ids.push(session.stored!.id);
      await session.close();
    }
    // The oldest was last written 40 days ago.
    const old = new Date(Date.now() - 40 * 86_400_000);
    await utimes(join(state, 'sessions', ids[0]!, 'session.jsonl'), old, old);
    server.reply({ text: 'd' });
    const fourth = await open();
    await fourth.prompt('d').result;
    expect((await store.list()).map((summary) => summary.id).sort()).toEqual(
      [...ids.slice(1), fourth.stored!.id].sort(),
    );
    await fourth.close();
    // keep: 1 (the user's config): opening a session keeps the newest one besides it.
    await mkdir(join(directory, 'config-home', 'toolgate'), { recursive: true });
    await writeFile(
      join(directory, 'config-home', 'toolgate', 'config.json'),
      JSON.stringify({ sessions: { keep: 1 } }),
    );
    const fifth = await open();
    // The one opened has a directory already (its checkpoints), and no log until its first turn.
    expect(await readdir(join(state, 'sessions', fifth.stored!.id))).toEqual(['checkpoints']);
    server.reply({ text: 'e' });
    // The retention pass runs during the first turn, which ends once it is done.
    await fifth.prompt('e').result;
    expect((await readdir(join(state, 'sessions'))).sort()).toEqual(
      [fourth.stored!.id, fifth.stored!.id].sort(),
    );
    await fifth.close();
    expect((await readdir(join(state, 'sessions'))).sort()).toEqual(
      [fourth.stored!.id, fifth.stored!.id].sort(),
    );
    expect((await stat(join(state, 'sessions'))).mode & 0o777).toBe(0o700);
    // A session closed before its first turn prunes too: keep 1 leaves the newest besides it.
    const sixth = await open();
    await sixth.close();
    expect((await store.list()).map((summary) => summary.id)).toEqual([fifth.stored!.id]);
    expect((await readdir(join(state, 'sessions'))).sort()).toEqual(
      [fifth.stored!.id, sixth.stored!.id].sort(),
    );
  });
});
