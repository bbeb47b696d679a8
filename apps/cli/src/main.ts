import { SIGNAL_EXIT_CODES } from './cli/exit-codes.js';
import { processOutput } from './cli/process-output.js';
import { runCli } from './cli/run-cli.js';

/** How long a second signal waits for writes in progress to roll back before exiting anyway. */
const STOP_DEADLINE_MS = 10_000;

const controller = new AbortController();
const interruptListeners = new Set<() => void>();
let stopping = false;
for (const name of Object.keys(SIGNAL_EXIT_CODES) as (keyof typeof SIGNAL_EXIT_CODES)[]) {
  process.on(name, () => {
    if (name === 'SIGINT' && interruptListeners.size > 0) {
      for (const listener of interruptListeners) listener();
      return;
    }
    const code = SIGNAL_EXIT_CODES[name];
    // The first signal aborts the call (its processes are stopped and waited for; a write already
    // under way completes). A second one means "now": writes in progress stop and roll back,
    // removing their temporary files, within a deadline, then the process exits. A third exits
    // at once.
    if (!controller.signal.aborted) {
      controller.abort(name);
      return;
    }
    if (stopping) process.exit(code);
    stopping = true;
    setTimeout(() => process.exit(code), STOP_DEADLINE_MS).unref();
    void import('@toolgate/core')
      .then(({ settleCommits }) => settleCommits({ stop: true }))
      .finally(() => process.exit(code));
  });
}

const stdout = processOutput(1, () => process.stdout);
const stderr = processOutput(2, () => process.stderr);

runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  // Built on first read: Node makes the stdin stream then, and most commands never read it.
  get stdin() {
    return process.stdin;
  },
  stdinFd: 0,
  stdout,
  stderr,
  signal: controller.signal,
  keepsRunning: () => {
    stdout.handOver();
    stderr.handOver();
  },
  onInterrupt: (listener) => {
    interruptListeners.add(listener);
    return () => interruptListeners.delete(listener);
  },
}).then(
  (code) => {
    // Exit once the output is flushed instead of waiting for the event loop to drain: a library
    // timer (a kill grace period, an MCP reconnect) must not keep a finished call alive.
    stdout.settle(() => stderr.settle(() => process.exit(code)));
  },
  (error: unknown) => {
    stderr.write(
      `toolgate: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
