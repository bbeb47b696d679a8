import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The built CLI the e2e tests spawn. */
export const BIN = resolve(import.meta.dirname, '../../../dist/bin.js');

/** Why the e2e tests are skipped, or undefined when they can run. */
export const SKIP_REASON = existsSync(BIN)
  ? undefined
  : `skipped: ${BIN} is missing; run \`pnpm build\` first (CI builds before testing)`;

/** Why the pseudo-terminal tests are skipped (util-linux `script` missing), or undefined. */
export const PTY_SKIP_REASON =
  SKIP_REASON ??
  (spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0
    ? undefined
    : 'skipped: util-linux `script` is not installed (needed for a pseudo-terminal)');

/** Each e2e test spawns real processes; on a loaded 2-core machine that takes a while. */
export const E2E_OPTIONS = { timeout: 90_000 } as const;

/** One user config directory for the test run, never the person's own `~/.config/toolgate`. */
export const TEST_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'toolgate-cli-config-'));

/** One state directory (stored sessions) for the test run, never the person's own `~/.local/state/toolgate`. */
export const TEST_STATE_HOME = mkdtempSync(join(tmpdir(), 'toolgate-cli-state-'));

/** An environment without the package-manager and toolgate variables of the test runner. */
export function cleanEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'INIT_CWD' || key.startsWith('npm_') || key.startsWith('TOOLGATE_')) continue;
    if (key === 'FORCE_COLOR' || key === 'NO_COLOR') continue;
    env[key] = value;
  }
  return { ...env, XDG_CONFIG_HOME: TEST_CONFIG_HOME, XDG_STATE_HOME: TEST_STATE_HOME, ...extra };
}

/** What one run printed and how it ended. */
export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of {@link runToolgate}. */
export interface RunOptions {
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Written to stdin, which is then closed; `null` leaves stdin open (the test writes to it). @default '' */
  readonly stdin?: string | null;
  /** Called once the child is running (to send it signals). */
  readonly onSpawn?: (child: ChildProcess, output: { stdout(): string; stderr(): string }) => void;
}

/**
 * Runs the built CLI in its own session (`detached`: no controlling terminal), so nothing can
 * reach a person's terminal and approval fails closed unless a test provides a pseudo-terminal.
 */
export function runToolgate(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: cleanEnv(options.env),
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolvePromise({ code, signal, stdout, stderr }));
    child.stdin.on('error', () => {});
    if (options.stdin !== null) child.stdin.end(options.stdin ?? '');
    options.onSpawn?.(child, { stdout: () => stdout, stderr: () => stderr });
  });
}

/** A temporary workspace (real path), removed by `dispose`. */
export async function createTempWorkspace(): Promise<{ readonly root: string; dispose(): Promise<void> }> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-cli-')));
  return { root, dispose: () => rm(root, { recursive: true, force: true }) };
}

/** Resolves once `read()` contains `text`, polling; rejects after `timeoutMs`. */
export async function waitForText(
  read: () => string,
  text: string | RegExp,
  timeoutMs = 45_000,
): Promise<void> {
  const started = Date.now();
  while (!(typeof text === 'string' ? read().includes(text) : text.test(read()))) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out waiting for ${String(text)}; got:\n${read()}`);
    }
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 25));
  }
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
