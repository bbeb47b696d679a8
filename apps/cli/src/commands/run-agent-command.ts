import type { TurnResult } from '@toolgate/agent';
import type { CliIo } from '../cli/cli-io.js';
import { exitCodeOfStopReason } from '../cli/exit-code-of-stop-reason.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import { readPrompt } from '../cli/read-prompt.js';
import { refusedByMode } from '../cli/refused-by-mode.js';
import { signalExitCode } from '../cli/signal-exit-code.js';
import { agentEventJson } from '../render/agent-event-json.js';
import { createTurnRenderer } from '../render/render-agent-event.js';
import { describeFileCommandUse, fileCommandPrompt, fileCommandsOf } from '../session/file-commands.js';
import { openTerminalAgent } from '../session/open-terminal-agent.js';
import { streamColors } from './command-context.js';

/** Options of `toolgate run`. */
export type RunCommandOptions = CommandOptions<'run'>;

/**
 * `toolgate run "<prompt>"`: one agent turn in the workspace. The answer streams to stdout, tool
 * calls show as compact lines on stderr (JSON Lines of every event with `--json`); exit status by
 * stop reason, and 3 for a turn that completed with a call the mode refused (dont-ask in CI). Every
 * process the turn started is stopped before it returns.
 */
export async function runAgentCommand(io: CliIo, command: RunCommandOptions): Promise<ExitCode> {
  // Its prompt is sent at once: the checkpoints' first look waits until that request was answered.
  const session = await openTerminalAgent(io, { ...command, promptsAtOnce: true });
  const renderer = createTurnRenderer({
    stdout: io.stdout,
    stderr: io.stderr,
    colors: streamColors(io),
    root: session.settings.root,
    verbose: command.verbose,
  });
  let result: TurnResult;
  let refused = false;
  try {
    const text = await readPrompt(command.prompt, () => io.stdin, io.stdinFd, io.signal);
    // `toolgate run "/review 42"`: a command from a file sends its prompt, as `claude -p "/review 42"`.
    const fromFile = text.trimStart().startsWith('/')
      ? fileCommandPrompt(await fileCommandsOf(session.settings), text)
      : undefined;
    if (fromFile) io.stderr.write(describeFileCommandUse(fromFile.command));
    const prompt = fromFile?.prompt ?? text;
    const { stored } = session;
    if (command.json && stored)
      io.stdout.write(`${JSON.stringify({ type: 'session', id: stored.id, turn: stored.nextTurn })}\n`);
    const turn = session.prompt(prompt, { signal: io.signal });
    for await (const event of turn) {
      refused ||= refusedByMode(event);
      if (command.json) io.stdout.write(agentEventJson(event));
      else renderer.render(event);
    }
    result = await turn.result;
  } finally {
    await session.close();
  }
  if (!command.json) renderer.finish(result);
  const exit = exitCodeOfStopReason(result.stopReason);
  return signalExitCode(io.signal) ?? (refused && exit === EXIT_CODES.success ? EXIT_CODES.rejected : exit);
}
