import { type AgentEvent, createAgent, type TurnResult } from '@toolgate/agent';
import { selectModel } from '@toolgate/host';
import { formatAgentsMdPrompt, loadAgentsMd } from '@toolgate/tools-agents-md';
import { createTerminalApprover } from '../approval/create-terminal-approver.js';
import type { CliIo } from '../cli/cli-io.js';
import { exitCodeOfStopReason } from '../cli/exit-code-of-stop-reason.js';
import type { ExitCode } from '../cli/exit-codes.js';
import type { CommonOptions } from '../cli/parse-cli-arguments.js';
import { readPrompt } from '../cli/read-prompt.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { agentEventJson } from '../render/agent-event-json.js';
import type { Colors } from '../render/colors.js';
import { createColors, shouldUseColor } from '../render/colors.js';
import { formatToolCallLine, formatToolResultLine } from '../render/format-agent-tool-lines.js';
import { createSessionTools, type SessionToolSet } from '../session/create-session-tools.js';
import { streamColors } from './command-context.js';
import { signalExitCode } from './run-call-command.js';

/** Options of `toolgate run`. */
export interface RunCommandOptions {
  /** The prompt, or `-` for stdin. */
  readonly prompt: string;
  readonly model: string | undefined;
  readonly baseURL: string | undefined;
  readonly maxSteps: number | undefined;
  readonly json: boolean;
  readonly options: CommonOptions;
}

function stopNote(result: TurnResult, colors: Colors): string {
  switch (result.stopReason) {
    case 'completed':
      return '';
    case 'model_error':
      return `toolgate: model error: ${result.error ?? 'unknown'}\n`;
    case 'blocked_by_approval':
      return colors.yellow('• Stopped: a call was rejected; nothing more ran.\n');
    default:
      return colors.yellow(`• Stopped: ${result.stopReason}.\n`);
  }
}

/**
 * `toolgate run "<prompt>"`: one agent turn in the workspace. The answer streams to stdout, tool
 * calls show as compact lines on stderr (JSON Lines of every event with `--json`); exit status by
 * stop reason. Every process the turn started is stopped before it returns.
 */
export async function runAgentCommand(io: CliIo, command: RunCommandOptions): Promise<ExitCode> {
  const settings = await resolveSessionSettings(command.options, io.env, io.cwd);
  const { model } = await selectModel({ model: command.model, baseURL: command.baseURL, env: io.env });
  const prompt = await readPrompt(command.prompt, io.stdin);
  const colors = streamColors(io);
  let tools: SessionToolSet | undefined;
  const agent = createAgent({
    model,
    tools: async () => {
      tools = await createSessionTools({
        root: settings.root,
        config: settings.config,
        ...(settings.mcpConfigFile ? { mcpConfigFile: settings.mcpConfigFile } : {}),
      });
      return { tools: tools.provider, close: tools.close };
    },
    approval: {
      mode: settings.mode,
      approver: createTerminalApprover({
        colors: createColors(shouldUseColor(true, io.env)),
        report: (text) => io.stderr.write(text),
      }),
    },
    workspaceRoot: settings.root,
    agentsMd: async () => {
      const loaded = tools && (await loadAgentsMd(tools.workspace));
      return loaded ? formatAgentsMdPrompt(loaded) : undefined;
    },
    ...(command.maxSteps === undefined ? {} : { limits: { maxSteps: command.maxSteps } }),
  });
  const session = await agent.createSession();
  let result: TurnResult;
  let endsWithNewline = true;
  try {
    const turn = session.prompt(prompt, { signal: io.signal });
    for await (const event of turn) {
      if (command.json) io.stdout.write(agentEventJson(event));
      else endsWithNewline = renderEvent(io, event, colors, endsWithNewline);
    }
    result = await turn.result;
  } finally {
    await session.close();
  }
  if (!command.json) {
    if (!endsWithNewline) io.stdout.write('\n');
    io.stderr.write(stopNote(result, colors.stderr));
  }
  return signalExitCode(io.signal) ?? exitCodeOfStopReason(result.stopReason);
}

/** Writes one event for a person; returns whether stdout now ends with a newline. */
function renderEvent(
  io: CliIo,
  event: AgentEvent,
  colors: { readonly stdout: Colors; readonly stderr: Colors },
  endsWithNewline: boolean,
): boolean {
  switch (event.type) {
    case 'text-delta':
      io.stdout.write(event.text);
      return event.text === '' ? endsWithNewline : event.text.endsWith('\n');
    case 'tool-call':
      if (!endsWithNewline) io.stdout.write('\n');
      io.stderr.write(formatToolCallLine(event.call, colors.stderr));
      return true;
    case 'tool-result':
      io.stderr.write(formatToolResultLine(event.call, event.result, colors.stderr));
      return endsWithNewline;
    default:
      return endsWithNewline;
  }
}
