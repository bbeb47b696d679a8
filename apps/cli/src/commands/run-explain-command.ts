import type { ApprovalExplanation, ToolResult } from '@toolgate/core';
import { openHostSession } from '@toolgate/host';
import { ONE_SHOT_CHOICES } from '../approval/approval-choices.js';
import { createTerminalApprover } from '../approval/create-terminal-approver.js';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import { oneShotCallId } from '../cli/one-shot-call-id.js';
import { readCallArguments } from '../cli/read-call-arguments.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { createColors, shouldUseColor } from '../render/colors.js';
import { formatApprovalExplanation } from '../render/format-approval-explanation.js';
import { renderToolResult } from '../render/render-tool-result.js';
import { streamColors } from './command-context.js';
import { type CallCommandOptions, exitCodeOf } from './run-call-command.js';

/**
 * `toolgate call <tool> [ARGS] --explain`: validation and preflight as for the call, then how
 * approval would decide it — the permission rule and its file, a remembered answer, or the mode
 * row — printed instead of running it (exit 0). A call that cannot run prints its failure.
 */
export async function runExplainCommand(io: CliIo, command: CallCommandOptions): Promise<ExitCode> {
  const settings = await resolveSessionSettings(io, command.options);
  const { arguments: input } = await readCallArguments(command.args, () => io.stdin, io.stdinFd, io.signal);
  const colors = streamColors(io);
  // Nothing runs: no sandbox, hooks or audit log; the MCP servers start only for a tool no
  // other has.
  const session = await openHostSession(settings, {
    purpose: { kind: 'explain', tool: command.tool },
    answeredBy: 'terminal',
    env: io.env,
    notice: (line) => io.stderr.write(`${line}\n`),
    approver: createTerminalApprover({
      choices: ONE_SHOT_CHOICES,
      colors: createColors(shouldUseColor(true, io.env)),
      onRejected: () => {},
    }),
  });
  let result: ToolResult;
  try {
    result = await session.surface.executor.execute(
      { id: oneShotCallId(), name: command.tool, arguments: input },
      { signal: io.signal },
    );
  } finally {
    await session.close();
  }
  if (result.status !== 'success') {
    if (command.json) io.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      const rendered = renderToolResult(command.tool, result, colors);
      io.stdout.write(rendered.stdout);
      io.stderr.write(rendered.stderr);
    }
    return exitCodeOf(result);
  }
  const explanation = result.output as ApprovalExplanation;
  io.stdout.write(
    command.json
      ? `${JSON.stringify({ explain: { ...explanation, mode: settings.mode }, ran: false })}\n`
      : formatApprovalExplanation(explanation, colors.stdout),
  );
  return EXIT_CODES.success;
}
