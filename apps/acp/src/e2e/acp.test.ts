import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  type ActiveSession,
  type ClientContext,
  client,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionUpdate,
  type StopReason,
} from '@agentclientprotocol/sdk';
import { type FakeModelServer, startFakeModelServer } from '@toolgate/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leftAfterEnding, processesWith, until } from './processes.js';

const BIN = resolve(import.meta.dirname, '../../dist/bin.js');
const EVERYTHING_SERVER = resolve(
  import.meta.dirname,
  '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
// `toolgate trust` writes the trust record both hosts read.
const CLI_BIN = resolve(import.meta.dirname, '../../../cli/dist/bin.js');
const SKIP_REASON = existsSync(BIN)
  ? undefined
  : `skipped: ${BIN} is missing; run \`pnpm build\` first (CI builds before testing)`;

let root: string;
let configHome: string;
let server: FakeModelServer;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-acp-')));
  configHome = await mkdtemp(join(tmpdir(), 'toolgate-acp-config-'));
  server = await startFakeModelServer();
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
  await rm(configHome, { recursive: true, force: true });
});

type PermissionHandler = (
  request: RequestPermissionRequest,
  agent: ClientContext,
) => Promise<RequestPermissionResponse> | RequestPermissionResponse;

interface Turn {
  readonly stopReason: StopReason;
  readonly updates: SessionUpdate[];
}

const fakeModelEnv = () => ({ TOOLGATE_MODEL: 'openai-compatible:fake', TOOLGATE_BASE_URL: server.baseURL });

/** Starts the built toolgate-acp with only these TOOLGATE_ variables. */
function spawnAgent(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('TOOLGATE_')),
  );
  const child = spawn(process.execPath, [BIN], {
    // The user's config file lives in a fresh directory of the test's.
    env: { ...clean, XDG_CONFIG_HOME: configHome, XDG_STATE_HOME: join(configHome, 'state'), ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output = { stderr: '' };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk;
  });
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  return { child, output, exited };
}

/** Spawns the built toolgate-acp, drives it with the ACP SDK's client, closes stdin at the end. */
async function withAgent<T>(
  onPermission: PermissionHandler,
  run: (agent: ClientContext) => Promise<T>,
  env: Record<string, string> = fakeModelEnv(),
): Promise<{ value: T; code: number | null; stderr: string }> {
  const { child, output, exited } = spawnAgent(env);
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin),
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  let agentContext: ClientContext | undefined;
  const value = await client({ name: 'toolgate-acp-test' })
    .onRequest(methods.client.session.requestPermission, ({ params }) => onPermission(params, agentContext!))
    .connectWith(stream, async (agent) => {
      agentContext = agent;
      const init = await agent.request(methods.agent.initialize, {
        protocolVersion: PROTOCOL_VERSION,
        clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
      });
      expect(init.protocolVersion).toBe(1);
      return run(agent);
    });
  child.stdin.end();
  return { value, code: await exited, stderr: output.stderr };
}

/** A marker no other process on the machine has in its command line. */
const uniqueMarker = () => `${process.pid}${Math.floor(Math.random() * 1e9)}`;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function newSession(agent: ClientContext) {
  return agent.request(methods.agent.session.new, { cwd: root, mcpServers: [] });
}

/** Sends one prompt and collects its updates until the stop. */
async function prompt(session: ActiveSession, text: string): Promise<Turn> {
  const updates: SessionUpdate[] = [];
  void session.prompt(text).catch(() => {});
  for (;;) {
    const message = await session.nextUpdate();
    if (message.kind === 'stop') return { stopReason: message.stopReason, updates };
    updates.push(message.update);
  }
}

const allow =
  (optionId: string): PermissionHandler =>
  () => ({ outcome: { outcome: 'selected', optionId } });
const bash = (command: string) => ({ toolCalls: [{ name: 'bash', arguments: { action: 'exec', command } }] });
const kinds = (turn: Turn) => turn.updates.map((update) => update.sessionUpdate);
const toolCalls = (turn: Turn) => turn.updates.filter((update) => update.sessionUpdate === 'tool_call');
const toolUpdates = (turn: Turn) =>
  turn.updates.filter((update) => update.sessionUpdate === 'tool_call_update');
const message = (turn: Turn) =>
  turn.updates
    .map((update) =>
      update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text'
        ? update.content.text
        : '',
    )
    .join('');

describe.skipIf(SKIP_REASON !== undefined)(
  `toolgate-acp over stdio ${SKIP_REASON ?? ''}`,
  { timeout: 90_000 },
  () => {
    it('answers initialize and session/new with the six approval modes, and exits when stdin closes', async () => {
      const { value, code } = await withAgent(
        () => ({ outcome: { outcome: 'cancelled' } }),
        async (agent) => newSession(agent),
      );
      expect(value.sessionId).toEqual(expect.any(String));
      expect(value.modes?.currentModeId).toBe('safe');
      expect(value.modes?.availableModes.map((mode) => mode.id)).toEqual([
        'manual',
        'safe',
        'auto',
        'plan',
        'accept-edits',
        'dont-ask',
      ]);
      expect(code).toBe(0);
    });

    it('fails session/new without a model, saying which variables to set', async () => {
      const { value } = await withAgent(
        () => ({ outcome: { outcome: 'cancelled' } }),
        async (agent) =>
          newSession(agent).then(
            () => 'created',
            (error: Error) => error.message,
          ),
        {},
      );
      expect(value).toContain('TOOLGATE_MODEL');
      expect(value).toContain('TOOLGATE_BASE_URL');
      expect(value).toContain('OPENAI_API_KEY');
    });

    it('takes the model and the approval mode from the user config file, and ignores what an untrusted workspace would loosen', async () => {
      await mkdir(join(configHome, 'toolgate'));
      await writeFile(
        join(configHome, 'toolgate', 'config.json'),
        JSON.stringify({ model: 'openai-compatible:from-config', baseURL: server.baseURL, approval: 'safe' }),
      );
      await writeFile(join(root, 'toolgate.config.json'), JSON.stringify({ approval: 'auto' }));
      server.reply({ text: 'hello' });
      const { value, stderr } = await withAgent(
        () => ({ outcome: { outcome: 'cancelled' } }),
        async (agent) => {
          const created = await newSession(agent);
          const turn = await agent.buildSession(root).withSession((session) => prompt(session, 'hi'));
          return { mode: created.modes?.currentModeId, turn };
        },
        {},
      );
      expect(value.mode).toBe('safe');
      expect(value.turn.stopReason).toBe('end_turn');
      expect(server.requests[0]!.body?.model).toBe('from-config');
      expect(stderr).toContain(`ignored approval "auto" from ${join(root, 'toolgate.config.json')}`);
      expect(stderr).toContain(`toolgate trust --cwd ${root}`);
    });

    it('takes the approval mode of a workspace the person trusted', async () => {
      await writeFile(join(root, 'toolgate.config.json'), JSON.stringify({ approval: 'auto' }));
      const trust = spawnSync(process.execPath, [CLI_BIN, 'trust', '--cwd', root], {
        env: { ...process.env, XDG_CONFIG_HOME: configHome },
        encoding: 'utf8',
      });
      expect(trust.status, trust.stderr).toBe(0);
      const { value } = await withAgent(
        () => ({ outcome: { outcome: 'cancelled' } }),
        async (agent) => newSession(agent),
      );
      expect(value.modes?.currentModeId).toBe('auto');
    });

    it('runs the hooks of the user config and writes its audit log: a hook block and an approval, one line each', async () => {
      const audit = join(configHome, 'audit.jsonl');
      await mkdir(join(configHome, 'toolgate'));
      await writeFile(
        join(configHome, 'toolgate', 'config.json'),
        JSON.stringify({
          audit,
          hooks: { preToolUse: [{ matcher: 'read_file', command: 'echo "reads are off" >&2; exit 2' }] },
        }),
      );
      await writeFile(join(root, 'notes.txt'), 'TOKEN=sk-live-notes\n');
      server.reply(
        { toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: 'notes.txt' } }] },
        bash('echo sk-live-bash'),
        { text: 'done' },
      );
      const { value } = await withAgent(allow('allow_once'), (agent) =>
        agent
          .buildSession(root)
          .withSession(async (session) => [await prompt(session, 'one'), await prompt(session, 'two')]),
      );
      expect(value[0]!.stopReason).toBe('end_turn');
      expect(message(value[0]!)).toContain('reads are off');
      const text = await readFile(audit, 'utf8');
      expect(
        text
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ).toEqual([
        expect.objectContaining({ callId: 'r1', tool: 'read_file', decidedBy: 'hook', rejectedBy: 'hook' }),
        expect.objectContaining({
          tool: 'bash',
          decidedBy: 'mode',
          answeredBy: 'acp-client',
          answer: 'allow_once',
          status: 'success',
        }),
      ]);
      expect(text).not.toContain('sk-live');
    });

    it("refuses a call the user's permission rules deny, naming the rule and the file, without asking", async () => {
      const userFile = join(configHome, 'toolgate', 'config.json');
      await mkdir(join(configHome, 'toolgate'));
      await writeFile(userFile, JSON.stringify({ permissions: { deny: ['bash(rm:*)'] } }));
      await writeFile(join(root, 'keep.txt'), 'keep\n');
      server.reply(bash('echo x && rm keep.txt'), { text: 'done' });
      let asked = 0;
      const { value } = await withAgent(
        () => {
          asked += 1;
          return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
        },
        (agent) => agent.buildSession(root).withSession(async (session) => prompt(session, 'clean')),
      );
      expect(asked).toBe(0);
      expect(message(value)).toContain('the deny rule');
      expect(message(value)).toContain(`bash(rm:*)`);
      expect(message(value)).toContain(userFile);
      expect(await readFile(join(root, 'keep.txt'), 'utf8')).toBe('keep\n');
    });

    it('asks for a bash call allowed once, runs it, and asks again for the same command', async () => {
      const asked: RequestPermissionRequest[] = [];
      server.reply(bash('echo hi-from-bash'), { text: 'done' }, bash('echo hi-from-bash'), {
        text: 'done again',
      });
      const { value } = await withAgent(
        (request) => {
          asked.push(request);
          return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
        },
        (agent) =>
          agent
            .buildSession(root)
            .withSession(async (session) => [await prompt(session, 'one'), await prompt(session, 'two')]),
      );
      const [first, second] = value;
      expect(first!.stopReason).toBe('end_turn');
      expect(second!.stopReason).toBe('end_turn');
      expect(asked).toHaveLength(2);
      expect(asked[0]!.toolCall).toMatchObject({ kind: 'execute', title: 'Run `echo hi-from-bash`' });
      expect(asked[0]!.options.map((option) => option.kind)).toEqual([
        'allow_once',
        'allow_always',
        'reject_once',
        'reject_always',
      ]);
      expect(asked[0]!.options[1]!.name).toContain('`echo hi-from-bash`');
      expect(toolCalls(first!)[0]).toMatchObject({
        kind: 'execute',
        status: 'pending',
        rawInput: { command: 'echo hi-from-bash' },
      });
      expect(toolUpdates(first!).map((update) => update.status)).toEqual(['in_progress', 'completed']);
      expect(JSON.stringify(toolUpdates(first!)[1]!.content)).toContain('hi-from-bash');
      expect(message(first!)).toBe('done');
    });

    it('does not ask again for a command answered allow_always in the session', async () => {
      let asked = 0;
      server.reply(bash('echo always'), { text: 'one' }, bash('echo always'), { text: 'two' });
      const { value } = await withAgent(
        () => {
          asked += 1;
          return { outcome: { outcome: 'selected', optionId: 'allow_always' } };
        },
        (agent) =>
          agent
            .buildSession(root)
            .withSession(async (session) => [await prompt(session, 'one'), await prompt(session, 'two')]),
      );
      expect(asked).toBe(1);
      expect(toolUpdates(value[1]!).at(-1)?.status).toBe('completed');
    });

    it('switches the approval mode with session/set_mode: in auto the same bash call runs without asking', async () => {
      let asked = 0;
      server.reply(bash('echo first'), { text: 'one' }, bash('echo second'), { text: 'two' });
      const { value } = await withAgent(
        () => {
          asked += 1;
          return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
        },
        (agent) =>
          agent.buildSession(root).withSession(async (session) => {
            const first = await prompt(session, 'one');
            await agent.request(methods.agent.session.setMode, {
              sessionId: session.sessionId,
              modeId: 'auto',
            });
            return [first, await prompt(session, 'two')];
          }),
      );
      expect(asked).toBe(1);
      expect(JSON.stringify(toolUpdates(value[1]!).at(-1)?.content)).toContain('second');
    });

    it('plan via session/set_mode: a write is refused without a permission request, the model reads why and answers', async () => {
      let asked = 0;
      server.reply(
        { toolCalls: [{ name: 'write_file', arguments: { path: 'plan.txt', content: 'x' } }] },
        { text: 'my plan: write plan.txt' },
      );
      const { value } = await withAgent(
        () => {
          asked += 1;
          return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
        },
        (agent) =>
          agent.buildSession(root).withSession(async (session) => {
            await agent.request(methods.agent.session.setMode, {
              sessionId: session.sessionId,
              modeId: 'plan',
            });
            return prompt(session, 'write plan.txt');
          }),
      );
      expect(asked).toBe(0);
      expect(value.stopReason).toBe('end_turn');
      expect(toolUpdates(value).at(-1)?.status).toBe('failed');
      expect(JSON.stringify(toolUpdates(value).at(-1)?.content)).toContain(
        'plan mode: this call would change something',
      );
      expect(message(value)).toBe('my plan: write plan.txt');
      await expect(readFile(join(root, 'plan.txt'))).rejects.toThrow(/ENOENT/);
    });

    it("accept-edits (set by Claude Code's name acceptEdits) runs apply_patch unasked and still asks about bash; dont-ask refuses bash unasked", async () => {
      let asked = 0;
      const patch = '*** Begin Patch\n*** Add File: added.txt\n+added\n*** End Patch\n';
      server.reply(
        { toolCalls: [{ name: 'apply_patch', arguments: { patch } }] },
        { text: 'patched' },
        bash('echo asked > asked.txt'),
        { text: 'ran' },
        bash('echo refused > refused.txt'),
        { text: 'could not' },
      );
      await withAgent(
        () => {
          asked += 1;
          return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
        },
        (agent) =>
          agent.buildSession(root).withSession(async (session) => {
            const setMode = (modeId: string) =>
              agent.request(methods.agent.session.setMode, { sessionId: session.sessionId, modeId });
            await setMode('acceptEdits');
            await prompt(session, 'patch');
            expect(asked).toBe(0);
            await prompt(session, 'run');
            expect(asked).toBe(1);
            await setMode('dont-ask');
            return prompt(session, 'run again');
          }),
      );
      expect(asked).toBe(1);
      expect(await readFile(join(root, 'added.txt'), 'utf8')).toBe('added\n');
      expect(await readFile(join(root, 'asked.txt'), 'utf8')).toBe('asked\n');
      await expect(readFile(join(root, 'refused.txt'))).rejects.toThrow(/ENOENT/);
      expect(JSON.stringify(server.requests[5]!.body!.messages)).toContain(
        'dont-ask mode: this call would need',
      );
    });

    it('sends the plan the model keeps as a plan update, in every mode (plan included)', async () => {
      const steps = [
        { step: 'Read the code', status: 'completed' },
        { step: 'Propose a fix', status: 'in_progress' },
      ];
      server.reply({ toolCalls: [{ name: 'update_plan', arguments: { steps } }] }, { text: 'planned' });
      const { value } = await withAgent(allow('reject_once'), (agent) =>
        agent.buildSession(root).withSession(async (session) => {
          await agent.request(methods.agent.session.setMode, {
            sessionId: session.sessionId,
            modeId: 'plan',
          });
          return prompt(session, 'plan it');
        }),
      );
      expect(value.updates.filter((update) => update.sessionUpdate === 'plan')).toEqual([
        {
          sessionUpdate: 'plan',
          entries: [
            { content: 'Read the code', status: 'completed', priority: 'medium' },
            { content: 'Propose a fix', status: 'in_progress', priority: 'medium' },
          ],
        },
      ]);
      expect(message(value)).toBe('planned');
    });

    it('leaves plan mode when the person approves the plan: current_mode_update, then the write runs', async () => {
      const asked: string[] = [];
      server.reply(
        { toolCalls: [{ name: 'exit_plan_mode', arguments: { plan: '1. Write done.txt' } }] },
        { toolCalls: [{ name: 'write_file', arguments: { path: 'done.txt', content: 'done\n' } }] },
        { text: 'done' },
      );
      const { value } = await withAgent(
        (request) => {
          asked.push(request.toolCall.title ?? '');
          return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
        },
        (agent) =>
          agent.buildSession(root).withSession(async (session) => {
            await agent.request(methods.agent.session.setMode, {
              sessionId: session.sessionId,
              modeId: 'plan',
            });
            return prompt(session, 'plan, then do it');
          }),
      );
      expect(asked).toHaveLength(1);
      expect(value.updates.filter((update) => update.sessionUpdate === 'current_mode_update')).toEqual([
        { sessionUpdate: 'current_mode_update', currentModeId: 'safe' },
      ]);
      expect(await readFile(join(root, 'done.txt'), 'utf8')).toBe('done\n');
      expect(message(value)).toBe('done');
    });

    it('refuses an unknown mode in session/set_mode, naming the modes', async () => {
      const { value } = await withAgent(allow('allow_once'), (agent) =>
        agent.buildSession(root).withSession(async (session) =>
          agent.request(methods.agent.session.setMode, { sessionId: session.sessionId, modeId: 'yolo' }).then(
            () => 'accepted',
            (error: Error) => error.message,
          ),
        ),
      );
      expect(value).toContain(
        'Unknown mode "yolo"; expected one of manual, safe, auto, plan, accept-edits, dont-ask',
      );
    });

    const bwrap = ['/usr/bin/bwrap', '/bin/bwrap', '/usr/local/bin/bwrap'].some((path) => existsSync(path));
    it.skipIf(!bwrap)(
      'runs bash in the workspace-write sandbox (skipped without bubblewrap): the workspace is writable, the host is not',
      async () => {
        const outside = await mkdtemp(join(tmpdir(), 'toolgate-acp-outside-'));
        try {
          const line = `echo in > inside.txt; echo out > ${outside}/escaped.txt; echo done`;
          server.reply(bash(line), { text: 'ok' });
          await withAgent(allow('allow_once'), (agent) =>
            agent.buildSession(root).withSession((session) => prompt(session, 'write twice')),
          );
          expect(await readFile(join(root, 'inside.txt'), 'utf8')).toBe('in\n');
          expect(await readdir(outside)).toEqual([]);
        } finally {
          await rm(outside, { recursive: true, force: true });
        }
      },
    );

    it('on reject ends the turn with end_turn, says what was refused, runs nothing and asks the model nothing more', async () => {
      await writeFile(join(root, 'notes.txt'), 'keep me\n');
      server.reply(bash('echo gone > notes.txt'), { text: 'should not be asked' });
      const { value } = await withAgent(allow('reject_once'), (agent) =>
        agent.buildSession(root).withSession((session) => prompt(session, 'overwrite notes')),
      );
      expect(value.stopReason).toBe('end_turn');
      expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('keep me\n');
      expect(server.requests).toHaveLength(1);
      expect(toolUpdates(value).at(-1)?.status).toBe('failed');
      expect(message(value)).toContain('You declined');
      expect(message(value)).toContain('echo gone > notes.txt');
    });

    it('returns cancelled when session/cancel arrives while a permission request is pending', async () => {
      await writeFile(join(root, 'notes.txt'), 'keep me\n');
      server.reply(bash('echo gone > notes.txt'), { text: 'should not be asked' });
      let release = () => {};
      const { value } = await withAgent(
        async (request, agent) => {
          await agent.notify(methods.agent.session.cancel, { sessionId: request.sessionId });
          // A client that never answers: the agent must not wait for it.
          await new Promise<void>((done) => {
            release = done;
          });
          return { outcome: { outcome: 'cancelled' } };
        },
        (agent) => agent.buildSession(root).withSession((session) => prompt(session, 'overwrite notes')),
      );
      release();
      expect(value.stopReason).toBe('cancelled');
      expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('keep me\n');
      expect(server.requests).toHaveLength(1);
    });

    it('reports an edit as kind edit with the file location and a diff of the whole file', async () => {
      await writeFile(join(root, 'a.txt'), 'first line\nhello world\nlast line\n');
      server.reply(
        {
          toolCalls: [
            { name: 'edit', arguments: { path: 'a.txt', old_string: 'world', new_string: 'there' } },
          ],
        },
        { text: 'edited' },
      );
      const { value } = await withAgent(allow('reject_once'), (agent) =>
        agent.buildSession(root).withSession((session) => prompt(session, 'edit it')),
      );
      expect(value.stopReason).toBe('end_turn');
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('first line\nhello there\nlast line\n');
      expect(toolCalls(value)[0]).toMatchObject({
        kind: 'edit',
        title: 'Edit a.txt',
        locations: [{ path: join(root, 'a.txt') }],
      });
      expect(toolUpdates(value).at(-1)).toMatchObject({
        status: 'completed',
        content: [
          {
            type: 'diff',
            path: join(root, 'a.txt'),
            oldText: 'first line\nhello world\nlast line\n',
            newText: 'first line\nhello there\nlast line\n',
          },
        ],
      });
      expect(kinds(value)).toContain('agent_message_chunk');
    });

    it('reports a new file written as a diff without old text', async () => {
      server.reply(
        { toolCalls: [{ name: 'write_file', arguments: { path: 'new.txt', content: 'fresh\n' } }] },
        { text: 'written' },
      );
      const { value } = await withAgent(allow('reject_once'), (agent) =>
        agent.buildSession(root).withSession((session) => prompt(session, 'write it')),
      );
      expect(toolUpdates(value).at(-1)).toMatchObject({
        status: 'completed',
        content: [{ type: 'diff', path: join(root, 'new.txt'), oldText: null, newText: 'fresh\n' }],
      });
    });

    it('reports a patch that only deletes as kind delete and a pure move as kind move, each with whole-file diffs', async () => {
      await writeFile(join(root, 'gone.txt'), 'old\ncontent\n');
      await writeFile(join(root, 'from.txt'), 'moved\n');
      const patch = (...body: string[]) => ({
        toolCalls: [
          {
            name: 'apply_patch',
            arguments: { patch: ['*** Begin Patch', ...body, '*** End Patch'].join('\n') },
          },
        ],
      });
      server.reply(
        patch('*** Delete File: gone.txt'),
        { text: 'deleted' },
        patch('*** Update File: from.txt', '*** Move to: to.txt'),
        { text: 'moved' },
      );
      const { value } = await withAgent(allow('allow_once'), (agent) =>
        agent
          .buildSession(root)
          .withSession(async (session) => [await prompt(session, 'delete'), await prompt(session, 'move')]),
      );
      const [deleted, moved] = value;
      expect(toolCalls(deleted!)[0]).toMatchObject({
        kind: 'delete',
        title: 'Delete gone.txt',
        locations: [{ path: join(root, 'gone.txt') }],
      });
      expect(toolUpdates(deleted!).at(-1)).toMatchObject({
        status: 'completed',
        content: [{ type: 'diff', path: join(root, 'gone.txt'), oldText: 'old\ncontent\n', newText: '' }],
      });
      expect(toolCalls(moved!)[0]).toMatchObject({ kind: 'move', title: 'Move from.txt → to.txt' });
      expect(toolUpdates(moved!).at(-1)).toMatchObject({
        status: 'completed',
        content: [
          { type: 'diff', path: join(root, 'from.txt'), oldText: 'moved\n', newText: '' },
          { type: 'diff', path: join(root, 'to.txt'), oldText: null, newText: 'moved\n' },
        ],
      });
      expect(existsSync(join(root, 'from.txt'))).toBe(false);
    });

    it('returns cancelled on session/cancel during a running `sleep 30` and leaves no process behind', async () => {
      // A duration no other process on the machine has, so /proc shows exactly this command's processes.
      const marker = `30.${Math.floor(Math.random() * 1e6)
        .toString()
        .padStart(6, '0')}`;
      server.reply(bash(`sleep ${marker}`), { text: 'should not be asked' });
      const { value, code } = await withAgent(allow('allow_once'), (agent) =>
        agent.buildSession(root).withSession(async (session) => {
          const turn = prompt(session, 'sleep');
          // The sleep itself, not only bubblewrap: killed during its own set-up, bubblewrap 0.8 can
          // leave the sandboxed command running (a known gap of the sandbox, not of the ACP host).
          await until(async () => (await processesWith(`sleep\0${marker}`)).length > 0);
          await agent.notify(methods.agent.session.cancel, { sessionId: session.sessionId });
          const ended = await turn;
          return { ended, left: await leftAfterEnding(marker) };
        }),
      );
      expect(value.ended.stopReason).toBe('cancelled');
      expect(value.left).toEqual([]);
      expect(toolUpdates(value.ended).at(-1)?.status).toBe('failed');
      expect(server.requests).toHaveLength(1);
      expect(code).toBe(0);
    });

    it('treats a client that disconnects during a permission request as a rejection: nothing runs and the process exits cleanly', async () => {
      await writeFile(join(root, 'notes.txt'), 'keep me\n');
      server.reply(bash('echo gone > notes.txt'), { text: 'should not be asked' });
      const { child, output, exited } = spawnAgent(fakeModelEnv());
      const stream = ndJsonStream(
        Writable.toWeb(child.stdin),
        Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
      );
      let asked = 0;
      const value = await client({ name: 'toolgate-acp-test' })
        .onRequest(methods.client.session.requestPermission, () => {
          asked += 1;
          child.stdin.end();
          return new Promise<never>(() => {});
        })
        .connectWith(stream, async (agent) => {
          await agent.request(methods.agent.initialize, { protocolVersion: PROTOCOL_VERSION });
          return agent.buildSession(root).withSession((session) => prompt(session, 'overwrite notes'));
        })
        .then(
          (turn) => turn.stopReason,
          (error: Error) => `connection ended: ${error.message}`,
        );
      const code = await exited;
      expect(asked).toBe(1);
      expect(value).toMatch(/^connection ended|^end_turn$|^cancelled$/);
      expect(code).toBe(0);
      expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('keep me\n');
      expect(server.requests).toHaveLength(1);
      expect(output.stderr).not.toMatch(/\bat .+:\d+:\d+\)?$/m);
    });

    it('answers malformed lines, unknown methods, bad params and unknown sessions with JSON-RPC errors and keeps serving', async () => {
      const { child, exited } = spawnAgent(fakeModelEnv());
      const answers: { id?: number | null; result?: unknown; error?: { code: number; message: string } }[] =
        [];
      let buffer = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
          answers.push(JSON.parse(buffer.slice(0, end)));
          buffer = buffer.slice(end + 1);
        }
      });
      const send = (message: unknown) =>
        child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
      const answered = (id: number) => until(async () => answers.some((answer) => answer.id === id));
      const errorOf = (id: number) => answers.find((answer) => answer.id === id)?.error;
      const request = (id: number, method: string, params?: unknown) =>
        send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });

      send('this is not json');
      send('[1, 2]');
      request(1, 'initialize', { protocolVersion: 1 });
      await answered(1);
      request(2, 'no/such/method', {});
      request(3, 'session/new', { cwd: 'relative/dir', mcpServers: [] });
      request(4, 'session/prompt', { sessionId: 'nope' });
      send({ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId: 'nope' } });
      request(5, 'session/prompt', { sessionId: 'nope', prompt: [{ type: 'text', text: 'hi' }] });
      request(6, 'session/set_mode', { sessionId: 'nope', modeId: 'auto' });
      request(7, 'session/close', { sessionId: 'nope' });
      request(8, 'session/new', { cwd: root, mcpServers: [] });
      await Promise.all([2, 3, 4, 5, 6, 7, 8].map(answered));
      child.stdin.end();
      expect(await exited).toBe(0);

      expect(answers.filter((answer) => answer.id === null).map((answer) => answer.error?.code)).toEqual([
        -32700, -32600,
      ]);
      expect(answers.find((answer) => answer.id === 1)?.result).toMatchObject({ protocolVersion: 1 });
      expect(errorOf(2)?.code).toBe(-32601);
      expect(errorOf(3)).toMatchObject({ code: -32602, message: expect.stringContaining('absolute') });
      expect(errorOf(4)?.code).toBe(-32602);
      for (const id of [5, 6, 7])
        expect(errorOf(id)).toMatchObject({ code: -32002, message: expect.stringContaining('"nope"') });
      expect(answers.find((answer) => answer.id === 8)?.result).toMatchObject({
        sessionId: expect.any(String),
      });
    });

    it('connects the stdio MCP server named in session/new, calls its tool, and stops it when stdin closes', async () => {
      const marker = uniqueMarker();
      server.reply(
        { toolCalls: [{ name: 'mcp__everything__echo', arguments: { message: 'over acp' } }] },
        { text: 'echoed' },
      );
      const asked: RequestPermissionRequest[] = [];
      const { value, code } = await withAgent(
        (request) => {
          asked.push(request);
          return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
        },
        (agent) =>
          agent
            .buildSession({
              cwd: root,
              mcpServers: [
                {
                  name: 'everything',
                  command: process.execPath,
                  args: [EVERYTHING_SERVER, 'stdio', `--test-marker=${marker}`],
                  env: [],
                },
              ],
            })
            .withSession(async (session) => ({
              turn: await prompt(session, 'echo it'),
              running: await processesWith(marker),
            })),
        { ...fakeModelEnv(), TOOLGATE_APPROVAL: 'manual' },
      );
      expect(value.running).toHaveLength(1);
      expect(server.requests[0]?.body?.tools?.map((tool) => tool.function.name)).toContain(
        'mcp__everything__echo',
      );
      // The everything server marks echo read-only (so the call is read) and titles it.
      expect(toolCalls(value.turn)[0]).toMatchObject({ kind: 'read', title: 'Echo Tool: over acp' });
      expect(asked[0]?.options[1]?.name).toContain('mcp__everything__echo');
      expect(toolUpdates(value.turn).at(-1)).toMatchObject({ status: 'completed' });
      expect(JSON.stringify(toolUpdates(value.turn).at(-1)?.content)).toContain('Echo: over acp');
      expect(value.turn.stopReason).toBe('end_turn');
      expect(code).toBe(0);
      expect(await processesWith(marker)).toEqual([]);
    });

    it('connects an http MCP server named in session/new (mcpCapabilities.http)', async () => {
      const port = await freePort();
      const web = spawn(process.execPath, [EVERYTHING_SERVER, 'streamableHttp'], {
        env: { ...process.env, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      try {
        let seen = '';
        await new Promise<void>((done, fail) => {
          web.stderr.on('data', (chunk: Buffer) => {
            seen += chunk.toString();
            if (/listening on port|running on port/i.test(seen)) done();
          });
          web.once('exit', (status) => fail(new Error(`server-everything exited with ${status}: ${seen}`)));
        });
        server.reply(
          { toolCalls: [{ name: 'mcp__web__echo', arguments: { message: 'over http' } }] },
          { text: 'echoed' },
        );
        const { value } = await withAgent(allow('allow_once'), async (agent) => {
          const init = await agent.request(methods.agent.initialize, { protocolVersion: PROTOCOL_VERSION });
          expect(init.agentCapabilities?.mcpCapabilities?.http).toBe(true);
          return agent
            .buildSession({
              cwd: root,
              mcpServers: [{ type: 'http', name: 'web', url: `http://127.0.0.1:${port}/mcp`, headers: [] }],
            })
            .withSession((session) => prompt(session, 'echo it'));
        });
        expect(JSON.stringify(toolUpdates(value).at(-1)?.content)).toContain('Echo: over http');
      } finally {
        web.kill();
      }
    });

    it('refuses session/new with two MCP servers of one name, naming the repeated name', async () => {
      const { value } = await withAgent(allow('allow_once'), (agent) =>
        agent
          .request(methods.agent.session.new, {
            cwd: root,
            mcpServers: [
              { name: 'twice', command: 'true', args: [], env: [] },
              { name: 'twice', command: 'true', args: [], env: [] },
            ],
          })
          .then(
            () => 'created',
            (error: Error) => error.message,
          ),
      );
      expect(value).toContain('"twice" is given twice');
    });

    it('ends a running command and exits with status 0 when stdin closes mid-turn', async () => {
      const marker = `30.${Math.floor(Math.random() * 1e6)
        .toString()
        .padStart(6, '0')}`;
      server.reply(bash(`sleep ${marker}`), { text: 'should not be asked' });
      const { child, exited } = spawnAgent({ ...fakeModelEnv(), TOOLGATE_APPROVAL: 'auto' });
      const stream = ndJsonStream(
        Writable.toWeb(child.stdin),
        Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
      );
      const ended = await client({ name: 'toolgate-acp-test' })
        .connectWith(stream, async (agent) => {
          await agent.request(methods.agent.initialize, { protocolVersion: PROTOCOL_VERSION });
          const { sessionId } = await newSession(agent);
          const turn = agent.request(methods.agent.session.prompt, {
            sessionId,
            prompt: [{ type: 'text', text: 'sleep' }],
          });
          // The sleep itself, not only bubblewrap: killed during its own set-up, bubblewrap 0.8 can
          // leave the sandboxed command running (a known gap of the sandbox, not of the ACP host).
          await until(async () => (await processesWith(`sleep\0${marker}`)).length > 0);
          child.stdin.end();
          return turn;
        })
        .then(
          (response) => response.stopReason,
          (error: Error) => `connection ended: ${error.message}`,
        );
      expect(await exited).toBe(0);
      expect(ended).toMatch(/^connection ended|^cancelled$/);
      expect(await leftAfterEnding(marker)).toEqual([]);
      expect(server.requests).toHaveLength(1);
    });

    it('refuses a second prompt while one is running in the session, and finishes the first', async () => {
      let release = () => {};
      const held = new Promise<void>((done) => {
        release = done;
      });
      server.reply({ text: 'first answer', hold: held });
      const { value } = await withAgent(allow('allow_once'), async (agent) => {
        const { sessionId } = await newSession(agent);
        const prompt = (text: string) =>
          agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] });
        const first = prompt('one');
        await until(async () => server.requests.length === 1);
        const second = await prompt('two').then(
          () => 'answered',
          (error: Error) => error.message,
        );
        release();
        return { first: (await first).stopReason, second };
      });
      expect(value.second).toContain('already running');
      expect(value.first).toBe('end_turn');
      expect(server.requests).toHaveLength(1);
    });

    it('shows the whole-file diff of an edit and of a patch in the permission request, before anything is written', async () => {
      await writeFile(join(root, 'a.txt'), 'one\ntwo\nthree\n');
      server.reply(
        {
          toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', old_string: 'two', new_string: 'TWO' } }],
        },
        {
          toolCalls: [
            {
              name: 'apply_patch',
              arguments: { patch: '*** Begin Patch\n*** Add File: b.txt\n+new file\n*** End Patch' },
            },
          ],
        },
      );
      const asked: RequestPermissionRequest[] = [];
      await withAgent(
        (request) => {
          asked.push(request);
          return { outcome: { outcome: 'selected', optionId: 'reject_once' } };
        },
        (agent) =>
          agent
            .buildSession(root)
            .withSession(async (session) => [await prompt(session, 'edit'), await prompt(session, 'add')]),
        { ...fakeModelEnv(), TOOLGATE_APPROVAL: 'manual' },
      );
      expect(asked.map((request) => request.toolCall.content)).toEqual([
        [
          {
            type: 'diff',
            path: join(root, 'a.txt'),
            oldText: 'one\ntwo\nthree\n',
            newText: 'one\nTWO\nthree\n',
          },
        ],
        [{ type: 'diff', path: join(root, 'b.txt'), oldText: null, newText: 'new file\n' }],
      ]);
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one\ntwo\nthree\n');
      expect(existsSync(join(root, 'b.txt'))).toBe(false);
    });

    it("shows any tool's declared whole files: a tool module's call gets its title, the permission diff and the recorded diff", async () => {
      // A tool of the user's own (no built-in name), written without any toolgate import: it
      // declares its summary from the arguments and the whole file in its preflight preview.
      const module = join(configHome, 'upper-case.mjs');
      await writeFile(
        module,
        `import { readFile, writeFile } from 'node:fs/promises';
export default function (context) {
  const summarize = (input) => ({ lines: ['Upper-case ' + input.path], locations: [input.path] });
  return {
    tools: [{
      definition: {
        name: 'upper_case',
        description: 'Upper-cases a text file.',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        kind: 'edit',
      },
      parseArguments: (value) => typeof value.path === 'string'
        ? { ok: true, value: { path: value.path } }
        : { ok: false, message: 'path is required' },
      approval: { summarize },
      async prepare(input) {
        const resolved = await context.workspace.resolveWritable(input.path);
        if (resolved.status !== 'success') return resolved;
        const path = resolved.output.absolutePath;
        const oldText = await readFile(path, 'utf8');
        return {
          status: 'ready',
          plan: path,
          preview: { ...summarize(input), files: [{ path, oldText, newText: oldText.toUpperCase() }] },
        };
      },
      async execute(input, { plan }) {
        await writeFile(plan, (await readFile(plan, 'utf8')).toUpperCase());
        return { status: 'success', output: { path: input.path } };
      },
    }],
  };
}
`,
      );
      await mkdir(join(configHome, 'toolgate'));
      await writeFile(
        join(configHome, 'toolgate', 'config.json'),
        JSON.stringify({ tools: { modules: [module] } }),
      );
      await writeFile(join(root, 'notes.txt'), 'quiet\n');
      server.reply(
        { toolCalls: [{ name: 'upper_case', arguments: { path: 'notes.txt' } }] },
        { text: 'done' },
      );
      const asked: RequestPermissionRequest[] = [];
      const { value } = await withAgent(
        (request) => {
          asked.push(request);
          return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
        },
        (agent) => agent.buildSession(root).withSession((session) => prompt(session, 'shout')),
        { ...fakeModelEnv(), TOOLGATE_APPROVAL: 'manual' },
      );
      const diff = { type: 'diff', path: join(root, 'notes.txt'), oldText: 'quiet\n', newText: 'QUIET\n' };
      expect(toolCalls(value)[0]).toMatchObject({
        title: 'Upper-case notes.txt',
        locations: [{ path: join(root, 'notes.txt') }],
      });
      expect(asked.map((request) => request.toolCall.content)).toEqual([[diff]]);
      expect(toolUpdates(value).at(-1)).toMatchObject({ status: 'completed', content: [diff] });
      expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('QUIET\n');
    });

    it('shows the worked example module by its own declarations: titles, the planned diff, the display', async () => {
      const example = resolve(import.meta.dirname, '../../../../examples/tool-module-word-count');
      await mkdir(join(configHome, 'toolgate'));
      await writeFile(
        join(configHome, 'toolgate', 'config.json'),
        JSON.stringify({ tools: { modules: [example] } }),
      );
      await writeFile(join(root, 'notes.txt'), 'one two  \nthree\n');
      server.reply(
        { toolCalls: [{ name: 'trim_trailing_whitespace', arguments: { path: 'notes.txt' } }] },
        { toolCalls: [{ name: 'word_count', arguments: { path: 'notes.txt' } }] },
        { text: 'done' },
      );
      const asked: RequestPermissionRequest[] = [];
      const { value } = await withAgent(
        (request) => {
          asked.push(request);
          return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
        },
        (agent) => agent.buildSession(root).withSession((session) => prompt(session, 'tidy notes')),
      );
      const diff = {
        type: 'diff',
        path: join(root, 'notes.txt'),
        oldText: 'one two  \nthree\n',
        newText: 'one two\nthree\n',
      };
      const location = [{ path: join(root, 'notes.txt') }];
      expect(toolCalls(value).map(({ title, kind, locations }) => ({ title, kind, locations }))).toEqual([
        { title: 'Trim trailing whitespace in notes.txt', kind: 'edit', locations: location },
        { title: 'Count words in notes.txt', kind: 'read', locations: location },
      ]);
      // Asked in safe mode (not read-only): the question shows the diff preflight planned.
      expect(asked.map((request) => [request.toolCall.title, request.toolCall.content])).toEqual([
        ['Trim trailing whitespace in notes.txt', [diff]],
      ]);
      const finished = toolUpdates(value).filter((update) => update.status === 'completed');
      expect(finished.map((update) => update.content)).toEqual([
        [diff],
        [{ type: 'content', content: { type: 'text', text: '3 words, 2 lines in notes.txt' } }],
      ]);
      expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('one two\nthree\n');
    });

    it("starts a workspace's .mcp.json servers next to session/new's only once the person trusted the workspace", async () => {
      // Trust refuses a script under a node_modules, so the workspace names a launcher outside one.
      const launcher = join(configHome, 'everything.mjs');
      await writeFile(launcher, `await import(${JSON.stringify(pathToFileURL(EVERYTHING_SERVER).href)});\n`);
      const filed = uniqueMarker();
      await writeFile(
        join(root, '.mcp.json'),
        JSON.stringify({
          mcpServers: {
            filed: {
              command: process.execPath,
              args: [launcher, 'stdio', `--test-marker=${filed}`],
            },
          },
        }),
      );
      const given = {
        name: 'given',
        command: process.execPath,
        args: [EVERYTHING_SERVER, 'stdio', `--test-marker=${uniqueMarker()}`],
        env: [],
      };
      const offered = async () => {
        server.reply({ text: 'listed' });
        const before = server.requests.length;
        const { stderr } = await withAgent(allow('allow_once'), (agent) =>
          agent
            .buildSession({ cwd: root, mcpServers: [given] })
            .withSession((session) => prompt(session, 'what can you use?')),
        );
        const tools = server.requests[before]?.body?.tools?.map((tool) => tool.function.name) ?? [];
        return { tools: tools.filter((name) => name.endsWith('__echo')), stderr };
      };

      const untrusted = await offered();
      expect(untrusted.tools).toEqual(['mcp__given__echo']);
      expect(untrusted.stderr).toContain(`not starting the MCP servers of ${join(root, '.mcp.json')}`);
      expect(untrusted.stderr).toContain(`toolgate trust --cwd ${root}`);

      const trust = spawnSync(process.execPath, [CLI_BIN, 'trust', '--cwd', root], {
        env: { ...process.env, XDG_CONFIG_HOME: configHome },
        encoding: 'utf8',
      });
      expect(trust.status, trust.stderr).toBe(0);
      const trusted = await offered();
      expect(trusted.tools.sort()).toEqual(['mcp__filed__echo', 'mcp__given__echo']);
      expect(await processesWith(filed)).toEqual([]);
    });

    it('maps the model stopping for length to max_tokens, a content filter to refusal, and a provider error to a JSON-RPC error with its message', async () => {
      server.reply(
        { text: 'cut', finishReason: 'length' },
        { text: '', finishReason: 'content_filter' },
        { type: 'error', status: 400, message: 'model fake-missing does not exist' },
      );
      const { value } = await withAgent(allow('allow_once'), async (agent) => {
        const { sessionId } = await newSession(agent);
        const prompt = (text: string) =>
          agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] }).then(
            (response) => response.stopReason,
            (error: Error) => `error: ${error.message}`,
          );
        return [await prompt('long'), await prompt('bad'), await prompt('broken')];
      });
      expect(value[0]).toBe('max_tokens');
      expect(value[1]).toBe('refusal');
      expect(value[2]).toMatch(/^error: .*model fake-missing does not exist/);
    });

    it("reports a delegate as a think call and its child's tool calls, titled with the child's name", async () => {
      await writeFile(join(root, 'notes.txt'), 'plum\n');
      server.reply(
        { toolCalls: [{ id: 'd1', name: 'delegate_explore', arguments: { task: 'Read notes.txt' } }] },
        { text: 'It says plum.' },
      );
      server.replyWhen(
        'You are explore',
        { toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: 'notes.txt' } }] },
        { text: 'plum' },
      );
      const { value } = await withAgent(allow('allow_once'), async (agent) => {
        await newSession(agent);
        return agent.buildSession(root).withSession((session) => prompt(session, 'what is in notes.txt?'));
      });
      expect(value.stopReason).toBe('end_turn');
      expect(toolCalls(value).map((update) => [update.toolCallId, update.kind, update.title])).toEqual([
        ['d1', 'think', expect.any(String)],
        ['r1', 'read', 'explore: Read notes.txt'],
      ]);
      expect(
        toolUpdates(value)
          .filter((update) => update.status === 'completed')
          .map((update) => update.toolCallId),
      ).toEqual(['r1', 'd1']);
      expect(message(value)).toBe('It says plum.');
    });

    it('fires the session hooks of a prompt once each, in order, through the front door', async () => {
      const log = join(configHome, 'events.jsonl');
      // One append per event (hooks of two sessions may run at once): the line is written in one piece.
      const record = { command: `line=$(cat); printf '%s\\n' "$line" >> '${log}'` };
      await mkdir(join(configHome, 'toolgate'), { recursive: true });
      await writeFile(
        join(configHome, 'toolgate', 'config.json'),
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
        { text: 'ok' },
      );
      const { value, code } = await withAgent(
        () => ({ outcome: { outcome: 'cancelled' } }),
        async (agent) => {
          await newSession(agent);
          return agent.buildSession(root).withSession((session) => prompt(session, 'read it'));
        },
      );
      expect({ stopReason: value.stopReason, code }).toEqual({ stopReason: 'end_turn', code: 0 });
      const events = (await readFile(log, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      // Two sessions were opened (session/new, then the one prompted); each starts and ends once.
      const prompted = events.filter(
        (event) =>
          event.session_id === events.find((e) => e.hook_event_name === 'UserPromptSubmit')?.session_id,
      );
      expect(prompted.map((event) => event.hook_event_name)).toEqual([
        'SessionStart',
        'UserPromptSubmit',
        'PreToolUse',
        'PostToolUse',
        'Stop',
        'SessionEnd',
      ]);
      expect(prompted[1]).toMatchObject({ prompt: 'read it', cwd: root });
    });

    it('refuses session/new while a managed settings file cannot be read', async () => {
      const managed = join(configHome, 'managed.json');
      await writeFile(managed, '{ "permissions": ');
      const { value } = await withAgent(
        () => ({ outcome: { outcome: 'cancelled' } }),
        async (agent) =>
          newSession(agent).then(
            () => 'created',
            (error: Error) => error.message,
          ),
        { ...fakeModelEnv(), TOOLGATE_MANAGED_SETTINGS: managed },
      );
      expect(value).toContain('no session starts until it can be read');
    });
  },
);
