import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type BwrapSandbox, type BwrapSandboxOptions, openBwrapSandbox } from '../open-bwrap-sandbox.js';

/** A workspace with secrets, protected paths and a fake home beside it, in a temp directory. */
export interface BwrapFixture {
  readonly base: string;
  readonly workspace: string;
  readonly home: string;
  /** A file outside the workspace that `.env.linked` in the workspace points to. */
  readonly linkedSecret: string;
  dispose(): Promise<void>;
}

export async function createBwrapFixture(): Promise<BwrapFixture> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-bwrap-')));
  const workspace = join(base, 'workspace');
  const home = join(base, 'home');
  const linkedSecret = join(base, 'outside', 'secret.txt');
  for (const directory of [
    join(workspace, '.git', 'hooks'),
    join(workspace, 'sub'),
    join(home, '.ssh'),
    join(home, '.tool'),
    join(base, 'outside'),
  ]) {
    await mkdir(directory, { recursive: true });
  }
  const files: Record<string, string> = {
    [join(workspace, '.git', 'HEAD')]: 'ref: refs/heads/main\n',
    [join(workspace, '.env')]: 'API_KEY=workspace-secret\n',
    [join(workspace, '.env.example')]: 'API_KEY=\n',
    [join(workspace, 'sub', '.env.local')]: 'API_KEY=nested-secret\n',
    [join(workspace, 'sub', 'server.pem')]: 'PEM-SECRET\n',
    [join(workspace, 'toolgate.config.json')]: '{}\n',
    [join(workspace, 'readme.txt')]: 'hello\n',
    [join(home, '.bashrc')]: '# host bashrc\n',
    [join(home, '.ssh', 'id_ed25519')]: 'HOME-KEY\n',
    [join(home, '.tool', 'version')]: 'tool 1.0\n',
    [linkedSecret]: 'LINKED-SECRET\n',
  };
  for (const [path, text] of Object.entries(files)) await writeFile(path, text);
  await symlink(linkedSecret, join(workspace, '.env.linked'));
  return { base, workspace, home, linkedSecret, dispose: () => rm(base, { recursive: true, force: true }) };
}

/** Opens a sandbox on the fixture (its home hidden, `~/.tool` readable); throws when bubblewrap cannot run. */
export async function openFixtureSandbox(
  fixture: BwrapFixture,
  options: Partial<BwrapSandboxOptions> = {},
): Promise<BwrapSandbox> {
  const opening = await openBwrapSandbox({
    workspaceRoot: fixture.workspace,
    mode: 'workspace-write',
    home: fixture.home,
    // The tests run this Node inside the sandbox: its directory stays visible wherever it lives
    // (a toolchain under /tmp, which the sandbox otherwise hides).
    readRoots: [join(fixture.home, '.tool'), dirname(process.execPath)],
    ...options,
  });
  if (!opening.ok) throw new Error(opening.reason);
  return opening.sandbox;
}

/** Why bubblewrap cannot run on this machine, or undefined when it can (tried once, for real). */
export async function bwrapUnavailableReason(): Promise<string | undefined> {
  const fixture = await createBwrapFixture();
  try {
    const opening = await openBwrapSandbox({ workspaceRoot: fixture.workspace, mode: 'workspace-write' });
    return opening.ok ? undefined : opening.reason;
  } finally {
    await fixture.dispose();
  }
}

/** What one command run in the sandbox printed, and how it ended. */
export interface SandboxRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `command` with `/bin/bash -c` inside the sandbox, the way bash's executors spawn it. */
export async function runInSandbox(
  sandbox: BwrapSandbox,
  command: string,
  workingDirectory = sandbox.workspaceRoot,
  environment: Record<string, string> = { PATH: '/usr/bin:/bin' },
): Promise<SandboxRun> {
  const invocation = await sandbox.wrapShell({
    shell: { file: '/bin/bash', args: ['-c'] },
    workingDirectory,
  });
  return new Promise((resolve, reject) => {
    const child = spawn(invocation.file, [...invocation.args, command], {
      env: environment,
      // Like bash, gives bubblewrap the fd 3 it reports its child on.
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Live processes whose command line holds `marker` (zombies excluded), from /proc. */
export async function liveProcessesWithMarker(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const [cmdline, stat] = await Promise.all([
        readFile(`/proc/${entry}/cmdline`, 'utf8'),
        readFile(`/proc/${entry}/stat`, 'utf8'),
      ]);
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (cmdline.includes(marker) && state !== 'Z' && state !== 'X') found.push(Number(entry));
    } catch {}
  }
  return found;
}
