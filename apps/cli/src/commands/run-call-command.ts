import { BUILT_IN_TOOL_NAMES, type ToolResult } from '@toolgate/core';
import { createSessionSurface } from '@toolgate/host';
import { ONE_SHOT_CHOICES } from '../approval/approval-choices.js';
import { createTerminalApprover } from '../approval/create-terminal-approver.js';
import { formatRejectionLine, type TerminalRejection } from '../approval/terminal-rejection.js';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode, SIGNAL_EXIT_CODES } from '../cli/exit-codes.js';
import { oneShotCallId } from '../cli/one-shot-call-id.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import { readCallArguments } from '../cli/read-call-arguments.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { createColors, shouldUseColor } from '../render/colors.js';
import { renderToolResult } from '../render/render-tool-result.js';
import { openSessionOversight } from '../session/open-session-oversight.js';
import { withElapsedTime } from '../session/with-elapsed-time.js';
import { streamColors } from './command-context.js';

/** Every MCP server's tool name starts so (`mcp__<server>__<tool>`). */
const MCP_TOOL_PREFIX = 'mcp__';

/** The exit status of a finished call. */
export function exitCodeOf(result: ToolResult): ExitCode {
  if (result.status === 'success') return EXIT_CODES.success;
  if (result.status === 'rejected') return EXIT_CODES.rejected;
  return EXIT_CODES.toolFailure;
}

/** The exit status for the signal that aborted a call, if one did. */
export function signalExitCode(signal: AbortSignal): ExitCode | undefined {
  if (!signal.aborted) return undefined;
  const reason = signal.reason as unknown;
  return typeof reason === 'string' && reason in SIGNAL_EXIT_CODES
    ? SIGNAL_EXIT_CODES[reason as keyof typeof SIGNAL_EXIT_CODES]
    : EXIT_CODES.interrupted;
}

/** Options of `toolgate call` (`explain` is `toolgate call --explain`, run by its own command). */
export type CallCommandOptions = CommandOptions<'call'>;

/**
 * `toolgate call <tool> [ARGS]`: one session, one call through the whole chain. When the call
 * ends, every process it started is stopped and waited for.
 */
export async function runCallCommand(io: CliIo, command: CallCommandOptions): Promise<ExitCode> {
  const settings = await resolveSessionSettings(io, command.options);
  const input = await readCallArguments(command.args, () => io.stdin);
  const colors = streamColors(io);
  // What the approver refused: said in one line instead of the generic rejection rendering.
  const refused: { rejection?: TerminalRejection } = {};
  const notice = (line: string) => io.stderr.write(`${line}\n`);
  const oversight = await openSessionOversight(settings, 'terminal', notice);
  const session = await createSessionSurface({
    root: settings.root,
    config: settings.config,
    readPolicy: settings.readPolicy,
    unreachablePaths: settings.unreachablePaths,
    mode: settings.mode,
    ...(settings.rules ? { rules: settings.rules } : {}),
    approver: createTerminalApprover({
      choices: ONE_SHOT_CHOICES,
      colors: createColors(shouldUseColor(true, io.env)),
      onRejected: (rejection) => {
        refused.rejection = rejection;
      },
    }),
    // A built-in tool never waits on MCP servers: they start only for a call of one of theirs.
    ...(settings.mcpConfigFile && command.tool.startsWith(MCP_TOOL_PREFIX)
      ? { mcpConfigFile: settings.mcpConfigFile }
      : {}),
    // One call of a built-in tool loads only its package; any other name loads them all, so an
    // unknown name is answered with the whole surface.
    ...((BUILT_IN_TOOL_NAMES as readonly string[]).includes(command.tool)
      ? { builtIns: [command.tool] }
      : {}),
    // Only bash runs in the sandbox: no other call pays for trying bubblewrap.
    sandbox:
      command.tool === 'bash'
        ? { ...settings.sandbox, notice: (line: string) => io.stderr.write(`${line}\n`) }
        : 'unconfined',
    before: oversight.before,
    onEvent: (event) => oversight.onEvent(event),
    ...(io.stderr.isTTY ? { after: [withElapsedTime({ write: (text) => io.stderr.write(text) })] } : {}),
  });
  let result: ToolResult | undefined;
  let stopped = 0;
  try {
    result = await session.surface.executor.execute(
      { id: oneShotCallId(), name: command.tool, arguments: input },
      { signal: io.signal },
    );
    // An unknown mcp__ tool usually means its server did not start: say why.
    if (result.status === 'failure' && result.error.code === 'unknown_tool') {
      for (const line of session.mcp?.statusLines() ?? []) io.stderr.write(`${colors.stderr.dim(line)}\n`);
    }
  } finally {
    stopped = await session.close();
    await oversight.close();
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
