import { spawn } from 'node:child_process';
import { access, mkdtemp, realpath, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createWorkspace } from '@toolgate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSessionSandbox, type SessionSandboxContext } from './open-session-sandbox.js';
import { SandboxRequiredError } from './sandbox-required-error.js';

let root: string;
let notices: string[];
let context: SessionSandboxContext;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-session-sandbox-')));
  notices = [];
  context = {
    workspace: createWorkspace({ root }),
    readRoots: [],
    protectedPaths: ['secrets', '../outside', '/abs'],
    notice: (line) => notices.push(line),
  };
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Runs `body` with bubblewrap out of reach (an empty PATH), as on a machine without it. */
async function withoutBwrap<T>(body: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = join(root, 'no-bin');
  try {
    return await body();
  } finally {
    process.env.PATH = saved;
  }
}

const NOT_FOUND =
  'bubblewrap (bwrap) was not found on PATH; install it (apt install bubblewrap, dnf install bubblewrap) or set its path.';

describe('the session sandbox', () => {
  it('is none for danger-full-access, without trying bubblewrap', async () => {
    expect(await openSessionSandbox({ mode: 'danger-full-access', network: false }, context)).toBeUndefined();
    expect(notices).toEqual([]);
  });

  it('refuses danger-full-access when a sandbox is required', async () => {
    await expect(
      openSessionSandbox(
        { mode: 'danger-full-access', network: false, requiredBy: 'sandbox.required in the config file' },
        context,
      ),
    ).rejects.toThrow(
      'sandbox.required in the config file demands a sandbox, but the sandbox mode is danger-full-access. Use read-only or workspace-write.',
    );
  });

  it('falls back to the host with one notice when bubblewrap cannot run and nothing requires it', async () => {
    expect(await withoutBwrap(() => openSessionSandbox({ network: false }, context))).toBeUndefined();
    expect(notices).toEqual([`toolgate: bash runs unsandboxed (danger-full-access): ${NOT_FOUND}`]);
  });

  it('fails closed when bubblewrap cannot run and a sandbox is required', async () => {
    await expect(
      withoutBwrap(() =>
        openSessionSandbox({ mode: 'read-only', network: false, requiredBy: '--sandbox read-only' }, context),
      ),
    ).rejects.toThrow(
      new SandboxRequiredError(`--sandbox read-only demands a sandbox, but none can run here: ${NOT_FOUND}`),
    );
    expect(notices).toEqual([]);
  });
});

const bwrapMissing = await findBwrap().then((found) =>
  found ? undefined : 'bubblewrap (bwrap) is not on PATH',
);
if (bwrapMissing) console.warn(`session sandbox socket test skipped: ${bwrapMissing}`);

async function findBwrap(): Promise<boolean> {
  for (const directory of (process.env.PATH ?? '').split(':')) {
    if (
      await access(join(directory, 'bwrap')).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

/** A node script: connects to the unix socket at argv[1] and prints what came back or the error code. */
const CONNECT = `
const socket = require('node:net').connect(process.argv[1]);
socket.on('connect', () => socket.write('ping'));
socket.on('data', (data) => { console.log('answered:' + data); socket.destroy(); });
socket.on('error', (error) => console.log(error.code));
`;

describe.skipIf(bwrapMissing !== undefined)('the read-only sandbox a delegate gets', () => {
  it('reaches no host unix socket either, not even one in the workspace', async () => {
    const path = join(root, 'dev-server.sock');
    const server = createServer((socket) => socket.end('host service'));
    await new Promise<void>((resolve) => server.listen(path, resolve));
    try {
      // The settings createAgentToolsFactory gives a read-only child.
      // This Node runs inside: its directory stays visible wherever it lives (a toolchain under /tmp).
      const sandbox = await openSessionSandbox(
        { mode: 'read-only', network: false },
        { ...context, readRoots: [dirname(process.execPath)] },
      );
      const invocation = await sandbox!.wrapShell({
        shell: { file: '/bin/sh', args: ['-c'] },
        workingDirectory: root,
      });
      const run = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
        const child = spawn(
          invocation.file,
          [...invocation.args, `exec "${process.execPath}" -e "$SCRIPT" "${path}"`],
          { env: { PATH: '/usr/bin:/bin', SCRIPT: CONNECT }, stdio: ['ignore', 'pipe', 'inherit', 'pipe'] },
        );
        let stdout = '';
        child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
        child.once('error', reject);
        child.once('close', (code) => resolve({ code, stdout }));
      });
      expect({ mode: sandbox!.mode, network: sandbox!.network, run }).toEqual({
        mode: 'read-only',
        network: false,
        run: { code: 0, stdout: 'EPERM\n' },
      });
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});

describe.skipIf(bwrapMissing !== undefined)('the workspace-write sandbox', () => {
  it('keeps an absolute protected path inside the workspace read-only, and the directory above it in place', async () => {
    const { mkdir, readFile, writeFile } = await import('node:fs/promises');
    await mkdir(join(root, 'cfg'));
    await writeFile(join(root, 'cfg', 'mine.json'), '{}\n');
    const sandbox = await openSessionSandbox(
      { mode: 'workspace-write', network: false },
      { ...context, protectedPaths: [join(root, 'cfg', 'mine.json')] },
    );
    const invocation = await sandbox!.wrapShell({
      shell: { file: '/bin/sh', args: ['-c'] },
      workingDirectory: root,
    });
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        invocation.file,
        [
          ...invocation.args,
          'echo x > cfg/mine.json; mv cfg cfg.old; mkdir -p cfg; echo y > cfg/mine.json; true',
        ],
        { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] },
      );
      child.once('error', reject);
      child.once('close', () => resolve());
    });
    expect(await readFile(join(root, 'cfg', 'mine.json'), 'utf8')).toBe('{}\n');
  });
});
