import { createApprovalModeState } from '@toolgate/host';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommonOptions, ConversationChoice } from '../cli/parse-cli-arguments.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { signalExitCode } from '../cli/signal-exit-code.js';
import { USAGE_TEXT } from '../cli/usage-text.js';
import { streamColors } from '../commands/command-context.js';
import { createColors, shouldUseColor } from '../render/colors.js';
import { createTurnRenderer } from '../render/render-agent-event.js';
import { describeFileCommandUse, fileCommandPrompt, fileCommandsOf } from '../session/file-commands.js';
import { openTerminalAgent } from '../session/open-terminal-agent.js';
import { openControllingTerminal } from '../terminal/controlling-terminal.js';
import { parseSlashLine } from './commands/parse-slash-line.js';
import type { SlashCommandContext } from './commands/slash-command.js';
import { SLASH_COMMANDS } from './commands/slash-commands.js';
import { runSessionCommand } from './run-session-command.js';

/** Options of the interactive `toolgate`. */
export interface InteractiveOptions {
  readonly model: string | undefined;
  readonly baseURL: string | undefined;
  readonly maxSteps: number | undefined;
  readonly verbose: boolean;
  readonly conversation?: ConversationChoice | undefined;
  readonly options: CommonOptions;
}

const PROMPT = '› ';

/**
 * Bare `toolgate` on a terminal: a prompt line, the streamed answer, tool lines and approval
 * questions; one session across prompts, recorded in the store (`/resume`, `/fork`, `/rewind`,
 * `/compact` act on it). Ctrl-C cancels the running turn (its processes are
 * stopped); Ctrl-C twice at the prompt, or Ctrl-D, exits and stops every process the session
 * started. Without a terminal it prints the usage, as `--help` does (exit 0).
 */
export async function runInteractive(io: CliIo, command: InteractiveOptions): Promise<ExitCode> {
  const terminal = io.stdin.isTTY && io.stderr.isTTY ? openControllingTerminal() : undefined;
  if (!terminal) {
    // A script or a pipe asking what toolgate does: the usage, like --help, no error.
    io.stdout.write(USAGE_TEXT);
    return EXIT_CODES.success;
  }
  let current: AbortController | undefined;
  const stopListening = io.onInterrupt?.(() => current?.abort());
  try {
    const terminalColors = createColors(shouldUseColor(true, io.env));
    const settings = await resolveSessionSettings(io, command.options);
    const modes = createApprovalModeState(settings.mode, (mode) =>
      terminal.write(terminalColors.dim(`• Plan approved: approval mode ${mode}.\n`)),
    );
    const open = (conversation: ConversationChoice | undefined) =>
      openTerminalAgent(io, {
        ...command,
        conversation,
        settings,
        mode: modes.get,
        leavePlanMode: modes.leavePlan,
      });
    let session = await open(command.conversation);
    const fileCommands = await fileCommandsOf(settings);
    if (fileCommands.problems.length > 0)
      terminal.write(
        terminalColors.yellow(
          `• ${fileCommands.problems.length} command file(s) not offered; /help says why.\n`,
        ),
      );
    const view = {
      stdout: io.stdout,
      stderr: io.stderr,
      colors: streamColors(io),
      root: settings.root,
      verbose: command.verbose,
    };
    terminal.write(
      terminalColors.dim(
        `toolgate in ${settings.root} (approval ${settings.mode}). /help lists the commands; Ctrl-C cancels a turn; Ctrl-D exits.\n`,
      ),
    );
    let armed = false;
    const readLine = async () => {
      const reading = new AbortController();
      current = reading;
      return terminal.readLine(AbortSignal.any([reading.signal, io.signal]));
    };
    const context: SlashCommandContext = {
      io,
      get session() {
        return session;
      },
      mode: modes,
      commands: SLASH_COMMANDS,
      fileCommands,
      write: (text) => terminal.write(text),
      readLine,
      colors: terminalColors,
    };
    try {
      for (;;) {
        terminal.write(terminalColors.bold(PROMPT));
        const reading = new AbortController();
        current = reading;
        const line = await terminal.readLine(AbortSignal.any([reading.signal, io.signal]));
        if (io.signal.aborted) return signalExitCode(io.signal) ?? EXIT_CODES.interrupted;
        if (line === null) {
          terminal.write('\n');
          if (!reading.signal.aborted) return EXIT_CODES.success;
          if (armed) return EXIT_CODES.interrupted;
          armed = true;
          terminal.write(terminalColors.dim('(Ctrl-C again or Ctrl-D to exit)\n'));
          continue;
        }
        armed = false;
        if (line.trim() === '') continue;
        const commanded = await runSessionCommand(line, {
          session,
          env: io.env,
          signal: io.signal,
          say: (text) => terminal.write(terminalColors.dim(text)),
          open,
        });
        if (commanded) {
          if (commanded.session) {
            const previous = session;
            session = commanded.session;
            await previous.close();
          }
          continue;
        }
        const slash = parseSlashLine(line, SLASH_COMMANDS);
        if (slash?.kind === 'command') {
          if ((await slash.command.run(slash.args, context)) === 'exit') return EXIT_CODES.success;
          continue;
        }
        // A command from a file sends its expanded prompt; a built-in of its name never got here.
        const fromFile = slash?.kind === 'unknown' ? fileCommandPrompt(fileCommands, line) : undefined;
        if (fromFile) terminal.write(terminalColors.dim(describeFileCommandUse(fromFile.command)));
        else if (slash?.kind === 'unknown') {
          // A line starting with / goes to the model only when the person says so (a typo stays here).
          terminal.write(
            terminalColors.yellow(`• /${slash.name} is not a command (/help lists them). `) +
              terminalColors.bold('Send the line to the model as it is? [y/N] '),
          );
          const answer = await readLine();
          if (answer === null) terminal.write('\n');
          if (!/^\s*y(es)?\s*$/i.test(answer ?? '')) {
            terminal.write(terminalColors.dim('• Not sent.\n'));
            continue;
          }
        }
        const turning = new AbortController();
        current = turning;
        const renderer = createTurnRenderer(view);
        const turn = session.prompt(fromFile?.prompt ?? line, {
          signal: AbortSignal.any([turning.signal, io.signal]),
        });
        for await (const event of turn) renderer.render(event);
        renderer.finish(await turn.result);
        if (io.signal.aborted) return signalExitCode(io.signal) ?? EXIT_CODES.interrupted;
        armed = turning.signal.aborted;
      }
    } finally {
      current = undefined;
      await session.close();
    }
  } finally {
    stopListening?.();
    terminal.close();
  }
}
