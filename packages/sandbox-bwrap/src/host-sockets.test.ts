import { spawn } from 'node:child_process';
import { access, mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type BwrapFixture,
  bwrapUnavailableReason,
  createBwrapFixture,
  openFixtureSandbox,
  runInSandbox,
} from './test-support/bwrap-test-kit.js';

const PYTHON = '/usr/bin/python3';
const pythonMissing = await access(PYTHON).then(
  () => undefined,
  () => `${PYTHON} is missing (the test needs unix datagram sockets, which node lacks)`,
);
if (pythonMissing) console.warn(`host datagram-socket test skipped: ${pythonMissing}`);

/** A host service on a unix datagram socket (as journald's, syslog's or systemd's notify socket): prints what it got once told to look. */
const DATAGRAM_RECEIVER = `
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
print('ready', flush=True)
sys.stdin.readline()
s.setblocking(False)
try:
    print('got', s.recv(100).decode(), flush=True)
except BlockingIOError:
    print('nothing', flush=True)
`;

/** From the sandbox: every way to get a unix datagram socket, each sending to the host's path. */
const DATAGRAM_SENDER = `
import socket, sys
for kind in ('socket-dgram', 'socketpair-dgram', 'socketpair-raw'):
    try:
        if kind == 'socket-dgram':
            a = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        else:
            a, _ = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM if kind == 'socketpair-dgram' else socket.SOCK_RAW)
        a.sendto(kind.encode(), sys.argv[1])
        print(kind, 'sent')
    except OSError as error:
        print(kind, error.errno)
`;

const unavailable = await bwrapUnavailableReason();
if (unavailable) console.warn(`host-socket tests skipped: ${unavailable}`);
const describeWithBwrap = unavailable ? describe.skip : describe;

/** A host service on a unix socket: it answers `answer:<what it read>` to whoever connects. */
function listen(path: string): Promise<Server> {
  const server = createServer((socket) => {
    socket.once('data', (data) => socket.end(`answer:${data.toString().trim()}\n`));
    socket.on('error', () => {});
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve(server));
  });
}

/** Every unix socket the host's kernel lists: paths (`/…`) and abstract names (`@…`). */
async function hostUnixSockets(): Promise<string[]> {
  const table = await readFile('/proc/net/unix', 'utf8');
  const names = table
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/)[7])
    .filter((name): name is string => name !== undefined && name !== '');
  return [...new Set(names)].sort();
}

/**
 * A node script for the sandbox: connects to each name (a path, or `@` for an abstract name),
 * writes `ping`, and prints one JSON object of name → what came back or the error code.
 */
const CONNECT_EACH = `
const net = require('node:net');
const names = JSON.parse(process.argv[1]);
const tryOne = (name) => new Promise((resolve) => {
  let socket;
  try {
    socket = net.connect(name.startsWith('@') ? '\\0' + name.slice(1) : name);
  } catch (error) { return resolve(error.code ?? String(error)); }
  let got = '';
  const timer = setTimeout(() => { socket.destroy(); resolve(got ? 'answered' : 'connected'); }, 300);
  socket.on('connect', () => socket.write('ping\\n'));
  socket.on('data', (data) => { got += data; });
  socket.on('end', () => { clearTimeout(timer); resolve(got ? 'answered:' + got.trim() : 'connected'); });
  socket.on('error', (error) => { clearTimeout(timer); resolve(got ? 'answered:' + got.trim() : error.code); });
});
(async () => {
  const out = {};
  for (const name of names) out[name] = await tryOne(name);
  console.log(JSON.stringify(out));
})();
`;

/** A node script for the sandbox: says `handed` on the socket at fd 4 and prints the answer. */
const USE_FD_4 = `
const socket = new (require('node:net').Socket)({ fd: 4, readable: true, writable: true });
socket.write('handed\\n');
socket.on('data', (data) => { process.stdout.write(data); socket.destroy(); });
`;

let fixture: BwrapFixture;
const servers: Server[] = [];
const cleanups: (() => Promise<void>)[] = [];
beforeEach(async () => {
  fixture = await createBwrapFixture();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  await fixture.dispose();
});

describeWithBwrap('the sandbox reaches no host service', () => {
  it('connects to no unix socket the host lists, wherever it lives, even one bound after the sandbox opened', async () => {
    // /tmp is private in the sandbox: host services live where it sees the host's files.
    const visible = await realpath(await mkdtemp('/var/tmp/toolgate-sockets-'));
    cleanups.push(() => rm(visible, { recursive: true, force: true }));
    const run = join(visible, 'run');
    const runtime = join(visible, 'xdg-runtime');
    const varLib = join(visible, 'var-lib', 'docker');
    for (const directory of [run, runtime, varLib]) await mkdir(directory, { recursive: true });
    const before = [
      join(run, 'daemon.sock'),
      join(runtime, 'bus'),
      join(varLib, 'docker.sock'),
      join(fixture.workspace, 'dev-server.sock'),
    ];
    for (const path of before) servers.push(await listen(path));
    for (const mode of ['workspace-write', 'read-only'] as const) {
      for (const network of [false, true]) {
        const sandbox = await openFixtureSandbox(fixture, { mode, network });
        const late = join(fixture.workspace, `late-${mode}-${network}.sock`);
        servers.push(await listen(late));
        const ours = [...before, late];
        const names = [...new Set([...(await hostUnixSockets()), ...ours])];
        // The host's own view: every one of ours answers there.
        const onHost = await connectEach(names.filter((name) => ours.includes(name)));
        expect(onHost).toEqual(Object.fromEntries(ours.map((path) => [path, 'answered:answer:ping'])));

        const result = await runInSandbox(
          sandbox,
          `exec "${process.execPath}" -e "$SCRIPT" '${JSON.stringify(names)}'`,
          fixture.workspace,
          { PATH: '/usr/bin:/bin', SCRIPT: CONNECT_EACH },
        );
        expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
        const outcome = JSON.parse(result.stdout) as Record<string, string>;
        const reached = Object.entries(outcome).filter(
          ([, what]) => what.startsWith('answered') || what === 'connected',
        );
        expect({ mode, network, reached }).toEqual({ mode, network, reached: [] });
        // Ours are refused outright, not merely unanswered.
        expect(Object.fromEntries(ours.map((path) => [path, outcome[path]]))).toEqual(
          Object.fromEntries(ours.map((path) => [path, 'EPERM'])),
        );
      }
    }
  });

  it('connects to no socket a host process binds in the workspace while the command is already running', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const path = join(fixture.workspace, 'bound-while-running.sock');
    const started = join(fixture.workspace, 'started');
    const running = runInSandbox(
      sandbox,
      `touch started; while [ ! -S '${path}' ]; do sleep 0.02; done; exec "${process.execPath}" -e "$SCRIPT" '${JSON.stringify([path])}'`,
      fixture.workspace,
      { PATH: '/usr/bin:/bin', SCRIPT: CONNECT_EACH },
    );
    while (
      !(await access(started).then(
        () => true,
        () => false,
      ))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    servers.push(await listen(path));
    expect(await running).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ [path]: 'EPERM' })}\n`,
      stderr: '',
    });
  });

  it.skipIf(pythonMissing !== undefined)(
    'cannot send to a host datagram socket, through a socket or a datagram socketpair',
    async () => {
      const visible = await realpath(await mkdtemp('/var/tmp/toolgate-datagram-'));
      cleanups.push(() => rm(visible, { recursive: true, force: true }));
      const path = join(visible, 'log.sock');
      const receiver = spawn(PYTHON, ['-c', DATAGRAM_RECEIVER, path], { stdio: ['pipe', 'pipe', 'inherit'] });
      let heard = '';
      receiver.stdout.setEncoding('utf8').on('data', (text: string) => (heard += text));
      const ended = new Promise((done) => receiver.once('close', done));
      await new Promise<void>((resolve) => {
        const ready = () => (heard.includes('ready\n') ? resolve() : undefined);
        receiver.stdout.on('data', ready);
      });
      const sandbox = await openFixtureSandbox(fixture);
      const result = await runInSandbox(sandbox, `exec ${PYTHON} -c "$SCRIPT" '${path}'`, fixture.workspace, {
        PATH: '/usr/bin:/bin',
        SCRIPT: DATAGRAM_SENDER,
      });
      // Unix datagrams are delivered when sent: anything sent is queued by now.
      receiver.stdin.end('look\n');
      await ended;
      expect({ result, heard }).toEqual({
        result: { code: 0, stdout: 'socket-dgram 1\nsocketpair-dgram 1\nsocketpair-raw 1\n', stderr: '' },
        heard: 'ready\nnothing\n',
      });
    },
  );

  it('keeps socketpair, pipes and child processes working', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const script = `
const { spawnSync, spawn } = require('node:child_process');
const sync = spawnSync('/bin/sh', ['-c', 'echo piped'], { encoding: 'utf8' });
const child = spawn('/bin/sh', ['-c', 'read line; echo "got $line"'], { stdio: ['pipe', 'pipe', 'inherit'] });
let out = '';
child.stdout.on('data', (data) => { out += data; });
child.on('close', () => console.log(JSON.stringify({ sync: sync.stdout, child: out })));
child.stdin.end('hello\\n');
`;
    const result = await runInSandbox(
      sandbox,
      `"${process.execPath}" -e "$SCRIPT" && echo x | cat`,
      fixture.workspace,
      {
        PATH: '/usr/bin:/bin',
        SCRIPT: script,
      },
    );
    expect(result).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ sync: 'piped\n', child: 'got hello\n' })}\nx\n`,
      stderr: '',
    });
  });

  it('keeps a socket it is handed (an inherited descriptor) working', async () => {
    const path = join(fixture.base, 'proxy.sock');
    servers.push(await listen(path));
    const sandbox = await openFixtureSandbox(fixture);
    const client = await new Promise<Socket>((resolve, reject) => {
      const socket = createConnection(path, () => resolve(socket));
      socket.once('error', reject);
    });
    const invocation = await sandbox.wrapShell({
      shell: { file: '/bin/bash', args: ['-c'] },
      workingDirectory: fixture.workspace,
    });
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(
          invocation.file,
          [...invocation.args, `exec "${process.execPath}" -e "$SCRIPT"`],
          {
            env: { PATH: '/usr/bin:/bin', SCRIPT: USE_FD_4 },
            stdio: ['ignore', 'pipe', 'pipe', 'pipe', client],
          },
        );
        let stdout = '';
        let stderr = '';
        child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
        child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
        child.once('error', reject);
        child.once('close', (code) => resolve({ code, stdout, stderr }));
      },
    );
    client.destroy();
    expect(result).toEqual({ code: 0, stdout: 'answer:handed\n', stderr: '' });
  });
});

/** The same connection attempts from the host, for comparison. */
async function connectEach(names: readonly string[]): Promise<Record<string, string>> {
  const result = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CONNECT_EACH, JSON.stringify(names)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.once('error', reject);
    child.once('close', () => resolve(stdout));
  });
  return JSON.parse(result) as Record<string, string>;
}
