import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempWorkspace, E2E_OPTIONS, runToolgate, SKIP_REASON } from './test-support/run-toolgate.js';

let workspace: Awaited<ReturnType<typeof createTempWorkspace>>;
let root: string;
let server: FakeModelServer;
beforeEach(async () => {
  workspace = await createTempWorkspace();
  root = workspace.root;
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await workspace.dispose();
});

describe.skipIf(SKIP_REASON !== undefined)(`the CLI for teams ${SKIP_REASON ?? ''}`, E2E_OPTIONS, () => {
  it('fires the session hooks of `toolgate run` once each, in order', async () => {
    const log = join(root, 'events.jsonl');
    // One append per event (hooks of two sessions may run at once): the line is written in one piece.
    const record = { command: `line=$(cat); printf '%s\\n' "$line" >> '${log}'` };
    const config = join(root, 'hooks.json');
    await writeFile(
      config,
      JSON.stringify({
        hooks: Object.fromEntries(
          ['sessionStart', 'userPromptSubmit', 'preToolUse', 'postToolUse', 'stop', 'sessionEnd'].map(
            (event) => [event, [record]],
          ),
        ),
      }),
    );
    await writeFile(join(root, 'notes.txt'), 'one\n');
    server.reply(
      { toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: 'notes.txt' } }] },
      { text: 'done' },
    );
    const run = await runToolgate(
      [
        'run',
        'read the notes',
        '--cwd',
        root,
        '--config',
        config,
        '--model',
        'openai-compatible:fake',
        '--base-url',
        server.baseURL,
      ],
      { cwd: root },
    );
    expect(run.code).toBe(0);
    const events = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.map((event) => event.hook_event_name)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'PostToolUse',
      'Stop',
      'SessionEnd',
    ]);
    expect(events[1]).toMatchObject({ prompt: 'read the notes', cwd: root });
  });

  it('refuses to start any session while a managed settings file cannot be read', async () => {
    const managed = join(root, 'managed-dir');
    await mkdir(managed);
    const env = { TOOLGATE_MANAGED_SETTINGS: managed };
    const call = await runToolgate(['call', 'read_file', '{"path":"x"}', '--cwd', root], { cwd: root, env });
    const listing = await runToolgate(['tools', '--cwd', root], { cwd: root, env });
    for (const result of [call, listing]) {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('no session starts until it can be read');
    }
  });
  it('--explain names a managed rule as managed, with its file', async () => {
    const managed = join(root, 'managed.json');
    await writeFile(managed, JSON.stringify({ permissions: { deny: ['write_file(notes.txt)'] } }));
    const explained = await runToolgate(
      ['call', 'write_file', '{"path":"notes.txt","content":"x"}', '--cwd', root, '--explain'],
      { cwd: root, env: { TOOLGATE_MANAGED_SETTINGS: managed } },
    );
    expect(explained.code).toBe(0);
    expect(explained.stdout).toContain('decision: reject');
    expect(explained.stdout).toContain(`rule:     write_file(notes.txt) in managed settings ${managed}`);
  });
});
