import { mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSessionSettings } from '../config/resolve-session-settings.js';
import { openHostSession } from '../session/open-host-session.js';

let directory: string;
let root: string;
let stateHome: string;
let env: Record<string, string>;
beforeEach(async () => {
  directory = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-bg-spill-')));
  root = join(directory, 'repo');
  stateHome = join(directory, 'state');
  await mkdir(root);
  env = {
    XDG_CONFIG_HOME: join(directory, 'config-home'),
    XDG_STATE_HOME: stateHome,
    PATH: process.env.PATH ?? '',
  };
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function open(config: object, sessionId: string) {
  const configFile = join(directory, 'toolgate.config.json');
  await writeFile(configFile, JSON.stringify({ sandbox: { mode: 'danger-full-access' }, ...config }));
  const settings = await resolveSessionSettings({ root, env, configFile, notice: () => {} });
  return openHostSession(settings, {
    answeredBy: 'test',
    env,
    notice: () => {},
    mode: () => 'auto',
    sessionId,
    purpose: { kind: 'serve' },
  });
}

type Session = Awaited<ReturnType<typeof open>>;

async function bash(session: Session, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await session.surface.executor.execute({ id: 'c-bash', name: 'bash', arguments: args });
  if (result.status !== 'success')
    throw new Error(`expected success, got ${JSON.stringify(result).slice(0, 400)}`);
  return result.output as Record<string, unknown>;
}

/** Starts a background command and waits (by its status, for seconds) until it has ended. */
async function runInBackground(session: Session, command: string): Promise<Record<string, unknown>> {
  const { processId } = await bash(session, { action: 'start', command });
  for (let attempt = 0; attempt < 600; attempt++) {
    const status = await bash(session, { action: 'status', processId });
    if (status.status !== 'RUNNING') return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${command} did not end within a minute`);
}

/** The combined log of `seq 1 count` on stdout, as bash action=logs shows it. */
const seqLog = (count: number) =>
  Array.from({ length: count }, (_, index) => `[stdout] ${index + 1}\n`).join('');

describe("a background process's log", () => {
  it('outgrowing its bounded log is kept whole in a 0600 file that status and logs name and read_file reads', async () => {
    const session = await open({}, 'bg-spill-a');
    try {
      const status = await runInBackground(session, 'seq 1 300000');
      expect(status.status).toBe('EXITED');
      const path = String(status.logFile);
      const spillDir = join(stateHome, 'toolgate', 'sessions', 'bg-spill-a', 'spill');
      expect(path.startsWith(`${spillDir}/`)).toBe(true);
      expect(await readFile(path, 'utf8')).toBe(seqLog(300000));
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      // The bounded log dropped its start, and says where all of it is.
      const logs = await bash(session, { action: 'logs', processId: status.processId, offset: 0 });
      expect(logs).toMatchObject({ truncated: true, logFile: path });
      expect((await bash(session, { action: 'list' })) as unknown).toEqual([
        expect.objectContaining({ logFile: path }),
      ]);
      const middle = await session.surface.executor.execute({
        id: 'c-read',
        name: 'read_file',
        arguments: { path, startLine: 150000, endLine: 150001 },
      });
      expect(middle.status === 'success' && String((middle.output as { content: string }).content)).toContain(
        '[stdout] 150000',
      );
      // No tool writes it.
      const write = await session.surface.executor.execute({
        id: 'c-write',
        name: 'write_file',
        arguments: { path, content: 'x' },
      });
      expect(write.status).toBe('failure');
    } finally {
      await session.close();
    }
  });

  it('within its bound is not spilled', async () => {
    const session = await open({}, 'bg-spill-b');
    try {
      const status = await runInBackground(session, 'seq 1 10');
      expect(status.logFile).toBeUndefined();
      const logs = await bash(session, { action: 'logs', processId: status.processId });
      expect(logs).toMatchObject({ content: seqLog(10), truncated: false });
      expect(logs.logFile).toBeUndefined();
    } finally {
      await session.close();
    }
    await expect(readdir(join(stateHome, 'toolgate', 'sessions', 'bg-spill-b', 'spill'))).rejects.toThrow();
  });

  it('past the session disk cap is cut as before, and names no file', async () => {
    const session = await open({ limits: { spillBytesPerSession: 1_000_000 } }, 'bg-spill-c');
    try {
      // About 3.2 MB of log: over the cap.
      const status = await runInBackground(session, 'seq 1 300000');
      expect(status.logFile).toBeUndefined();
      const logs = await bash(session, { action: 'logs', processId: status.processId, offset: 0 });
      expect(logs).toMatchObject({ truncated: true });
      expect(logs.logFile).toBeUndefined();
      expect(await readdir(join(stateHome, 'toolgate', 'sessions', 'bg-spill-c', 'spill'))).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('spilled from the sandbox is not exposed to bash in it', async (context) => {
    const session = await open({ sandbox: { mode: 'workspace-write' } }, 'bg-spill-d');
    try {
      const probe = await bash(session, { command: 'true' });
      if (probe.executionEnvironment !== 'sandbox') context.skip(); // no bubblewrap on this machine
      const status = await runInBackground(session, 'seq 1 300000');
      const path = String(status.logFile);
      expect(await readFile(path, 'utf8')).toBe(seqLog(300000));
      const read = await bash(session, { command: `cat '${path}' | head -1` });
      expect(read.stdout).toBe('');
      const overwrite = await bash(session, { command: `echo x > '${path}'` });
      expect(overwrite.exitCode).not.toBe(0);
      expect((await readFile(path, 'utf8')).startsWith('[stdout] 1\n[stdout] 2\n')).toBe(true);
    } finally {
      await session.close();
    }
  });
});
