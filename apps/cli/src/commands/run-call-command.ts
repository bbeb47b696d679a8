import { fileCallDriver, setFileCallDriver, type ToolResult } from '@toolgate/core';
import { openHostSession } from '@toolgate/host';
import { ONE_SHOT_CHOICES } from '../approval/approval-choices.js';
import { createTerminalApprover } from '../approval/create-terminal-approver.js';
import { createTerminalElicitor } from '../approval/create-terminal-elicitor.js';
import { formatRejectionLine, type TerminalRejection } from '../approval/terminal-rejection.js';
import type { CliIo } from '../cli/cli-io.js';
import { settleCompilerTiers } from '../cli/compiler-tiers-for-large-calls.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import { oneShotCallId } from '../cli/one-shot-call-id.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import { readCallArguments } from '../cli/read-call-arguments.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { signalExitCode } from '../cli/signal-exit-code.js';
import { createColors, shouldUseColor } from '../render/colors.js';
import { renderToolResult } from '../render/render-tool-result.js';
import { withElapsedTime } from '../session/with-elapsed-time.js';
import { streamColors } from './command-context.js';

/** The exit status of a finished call. */
export function exitCodeOf(result: ToolResult): ExitCode {
  if (result.status === 'success') return EXIT_CODES.success;
  if (result.status === 'rejected') return EXIT_CODES.rejected;
  return EXIT_CODES.toolFailure;
}

/** Options of `toolgate call` (`explain` is `toolgate call --explain`, run by its own command). */
export type CallCommandOptions = CommandOptions<'call'>;

/**
 * `toolgate call <tool> [ARGS]`: one session, one call through the whole chain. When the call
 * ends, every process it started is stopped and waited for.
 */
export async function runCallCommand(io: CliIo, command: CallCommandOptions): Promise<ExitCode> {
  // The process serves this one call and waits for its file calls whichever way they run: made at
  // once (in slices that let the event loop run) they cost a fraction of the CPU the thread pool
  // does, which a patch of hundreds of files pays thousands of times.
  const driver = fileCallDriver();
  setFileCallDriver('synchronous');
  try {
    return await runCall(io, command);
  } finally {
    setFileCallDriver(driver);
  }
}

async function runCall(io: CliIo, command: CallCommandOptions): Promise<ExitCode> {
  const settings = await resolveSessionSettings(io, command.options);
  const { arguments: input, length } = await readCallArguments(
    command.args,
    () => io.stdin,
    io.stdinFd,
    io.signal,
  );
  settleCompilerTiers(length);
  const colors = streamColors(io);
  // What the approver refused: said in one line instead of the generic rejection rendering.
  const refused: { rejection?: TerminalRejection } = {};
  // Only what the call needs loads: its tool's package; the MCP servers when no other tool has
  // its name; the sandbox when the tool runs commands.
  const session = await openHostSession(settings, {
    purpose: { kind: 'call', tool: command.tool },
    answeredBy: 'terminal',
    env: io.env,
    notice: (line) => io.stderr.write(`${line}\n`),
    mcpElicit: createTerminalElicitor({ colors: createColors(shouldUseColor(true, io.env)) }),
    approver: createTerminalApprover({
      choices: ONE_SHOT_CHOICES,
      colors: createColors(shouldUseColor(true, io.env)),
      onRejected: (rejection) => {
        refused.rejection = rejection;
      },
    }),
    ...(io.stderr.isTTY ? { after: [withElapsedTime({ write: (text) => io.stderr.write(text) })] } : {}),
  });
  let result: ToolResult | undefined;
  let stopped = 0;
  try {
    result = await session.surface.executor.execute(
      { id: oneShotCallId(), name: command.tool, arguments: input },
      { signal: io.signal },
    );
    // An unknown tool is often one whose MCP server did not start: say why.
    if (result.status === 'failure' && result.error.code === 'unknown_tool') {
      for (const line of session.mcpStatus()) io.stderr.write(`${colors.stderr.dim(line)}\n`);
    }
  } finally {
    ({ stoppedProcesses: stopped } = await session.close());
  }
  const rejection = result.status === 'rejected' && result.by === 'approval' ? refused.rejection : undefined;
  if (rejection) io.stderr.write(formatRejectionLine(rejection, colors.stderr));
  if (command.json) {
    io.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    if (!rejection) {
      const rendered = renderToolResult(command.tool, result, colors);
      io.stdout.write(rendered.stdout);
      io.stderr.write(rendered.stderr);
    }
    if (stopped > 0) {
      io.stderr.write(
        colors.stderr.dim(
          `• Session ended: stopped ${stopped} process${stopped === 1 ? '' : 'es'} this call started.\n`,
        ),
      );
    }
  }
  const interrupted = signalExitCode(io.signal);
  if (interrupted !== undefined && !command.json) {
    io.stderr.write(colors.stderr.yellow(`• Interrupted by ${String(io.signal.reason)}.\n`));
  }
  return interrupted ?? exitCodeOf(result);
}
