import type { Agent } from '@toolgate/agent';
import {
  type CallOversight,
  createSessionAgent,
  resolveAgentDefinitions,
  type SessionSettings,
  selectModel,
} from '@toolgate/host';
import { createTerminalApprover } from '../approval/create-terminal-approver.js';
import { formatRejectionLine } from '../approval/terminal-rejection.js';
import type { CliIo } from '../cli/cli-io.js';
import type { CommonOptions } from '../cli/parse-cli-arguments.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { streamColors } from '../commands/command-context.js';
import { createColors, shouldUseColor } from '../render/colors.js';
import { openSessionOversight } from './open-session-oversight.js';

/** What `toolgate run` and the interactive `toolgate` are given about the agent. */
export interface TerminalAgentOptions {
  readonly model: string | undefined;
  readonly baseURL: string | undefined;
  readonly maxSteps: number | undefined;
  readonly options: CommonOptions;
}

/**
 * The session settings and the CLI agent with the terminal approver. An agent session outlives
 * each call, so the question offers "always" (held for the session) and "no, and tell it why"
 * (the model reads the feedback).
 */
export async function createTerminalAgent(
  io: CliIo,
  command: TerminalAgentOptions,
): Promise<{ readonly agent: Agent; readonly settings: SessionSettings; readonly oversight: CallOversight }> {
  const notice = (line: string) => io.stderr.write(`${line}\n`);
  const settings = await resolveSessionSettings(io, command.options);
  const rejectionColors = streamColors(io).stderr;
  // Throws ModelConfigError (exit 2) when no usable model is configured.
  const { model } = await selectModel({
    model: command.model,
    baseURL: command.baseURL,
    env: io.env,
    config: settings.config,
  });
  const delegates = await resolveAgentDefinitions({
    agents: settings.config.agents,
    files: settings.agentFiles,
    env: io.env,
    baseURL: command.baseURL,
    config: settings.config,
  });
  const oversight = await openSessionOversight(settings, 'terminal', notice);
  const agent = createSessionAgent(settings, {
    model,
    before: oversight.before,
    delegates,
    ...(command.maxSteps === undefined ? {} : { maxSteps: command.maxSteps }),
    notice,
    approval: {
      mode: settings.mode,
      approver: createTerminalApprover({
        choices: { always: true, feedback: true },
        // The question is asked on the terminal, whatever stderr is.
        colors: createColors(shouldUseColor(true, io.env)),
        onRejected: (rejection) => io.stderr.write(formatRejectionLine(rejection, rejectionColors)),
      }),
    },
  });
  return { agent, settings, oversight };
}
