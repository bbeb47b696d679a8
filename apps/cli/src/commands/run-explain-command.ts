import {
  type ApprovalExplanation,
  BUILT_IN_TOOL_NAMES,
  createApprovalMemory,
  createToolSurface,
  type ToolResult,
  withApprovalExplanation,
} from '@toolgate/core';
import { createSessionTools } from '@toolgate/host';
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
  const input = await readCallArguments(command.args, () => io.stdin);
  const colors = streamColors(io);
  const tools = await createSessionTools({
    root: settings.root,
    config: settings.config,
    readPolicy: settings.readPolicy,
    unreachablePaths: settings.unreachablePaths,
    ...(settings.mcpConfigFile && command.tool.startsWith('mcp__')
      ? { mcpConfigFile: settings.mcpConfigFile }
      : {}),
    ...((BUILT_IN_TOOL_NAMES as readonly string[]).includes(command.tool)
      ? { builtIns: [command.tool] }
      : {}),
    // Nothing runs: no sandbox is needed to explain a bash call.
    sandbox: 'unconfined',
  });
  let result: ToolResult;
  try {
    const surface = createToolSurface({
      tools: tools.provider,
      decorators: [
        withApprovalExplanation({
          mode: settings.mode,
          memory: createApprovalMemory(),
          ...(settings.rules ? { rules: settings.rules } : {}),
          approver: createTerminalApprover({
            choices: ONE_SHOT_CHOICES,
            colors: createColors(shouldUseColor(true, io.env)),
            onRejected: () => {},
          }),
        }),
      ],
    });
    result = await surface.executor.execute(
      { id: oneShotCallId(), name: command.tool, arguments: input },
      { signal: io.signal },
    );
  } finally {
    await tools.close();
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
