import type { TurnResult } from '@toolgate/agent';
import type { CliIo } from '../cli/cli-io.js';
import { exitCodeOfStopReason } from '../cli/exit-code-of-stop-reason.js';
import type { ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import { readPrompt } from '../cli/read-prompt.js';
import { agentEventJson } from '../render/agent-event-json.js';
import { createTurnRenderer } from '../render/render-agent-event.js';
import { createTerminalAgent } from '../session/create-terminal-agent.js';
import { streamColors } from './command-context.js';
import { signalExitCode } from './run-call-command.js';

/** Options of `toolgate run`. */
export type RunCommandOptions = CommandOptions<'run'>;

/**
 * `toolgate run "<prompt>"`: one agent turn in the workspace. The answer streams to stdout, tool
 * calls show as compact lines on stderr (JSON Lines of every event with `--json`); exit status by
 * stop reason. Every process the turn started is stopped before it returns.
 */
export async function runAgentCommand(io: CliIo, command: RunCommandOptions): Promise<ExitCode> {
  const { agent, settings, oversight } = await createTerminalAgent(io, command);
  const prompt = await readPrompt(command.prompt, () => io.stdin);
  const renderer = createTurnRenderer({
    stdout: io.stdout,
    stderr: io.stderr,
    colors: streamColors(io),
    root: settings.root,
  });
  const session = await agent.createSession();
  let result: TurnResult;
  try {
    const turn = session.prompt(prompt, { signal: io.signal });
    for await (const event of turn) {
      oversight.onEvent(event);
      if (command.json) io.stdout.write(agentEventJson(event));
      else renderer.render(event);
    }
    result = await turn.result;
  } finally {
    await session.close();
    await oversight.close();
  }
  if (!command.json) renderer.finish(result);
  return signalExitCode(io.signal) ?? exitCodeOfStopReason(result.stopReason);
}
