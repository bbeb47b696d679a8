import { SIGNAL_EXIT_CODES } from './cli/exit-codes.js';
import { runCli } from './cli/run-cli.js';

const controller = new AbortController();
const interruptListeners = new Set<() => void>();
for (const name of Object.keys(SIGNAL_EXIT_CODES) as (keyof typeof SIGNAL_EXIT_CODES)[]) {
  process.on(name, () => {
    if (name === 'SIGINT' && interruptListeners.size > 0) {
      for (const listener of interruptListeners) listener();
      return;
    }
    // The first signal aborts the call (its processes are stopped and waited for); a second one
    // means "now": exit at once.
    if (controller.signal.aborted) process.exit(SIGNAL_EXIT_CODES[name]);
    controller.abort(name);
  });
}

runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
  onInterrupt: (listener) => {
    interruptListeners.add(listener);
    return () => interruptListeners.delete(listener);
  },
}).then(
  (code) => {
    // Exit once the output is flushed instead of waiting for the event loop to drain: a library
    // timer (a kill grace period, an MCP reconnect) must not keep a finished call alive.
    process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  },
  (error: unknown) => {
    process.stderr.write(
      `toolgate: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
