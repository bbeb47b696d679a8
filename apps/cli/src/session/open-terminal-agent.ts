import type { ApprovalMode } from '@toolgate/core';
import { type AgentHostSession, openHostSession, type SessionSettings } from '@toolgate/host';
import { createTerminalApprover } from '../approval/create-terminal-approver.js';
import { createTerminalElicitor } from '../approval/create-terminal-elicitor.js';
import { formatRejectionLine } from '../approval/terminal-rejection.js';
import type { CliIo } from '../cli/cli-io.js';
import type { CommonOptions, ConversationChoice } from '../cli/parse-cli-arguments.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { streamColors } from '../commands/command-context.js';
import { createColors, shouldUseColor } from '../render/colors.js';
import { resolveConversation } from './resolve-conversation.js';
import { withElapsedTime } from './with-elapsed-time.js';

/** What `toolgate run` and the interactive `toolgate` are given about the agent. */
export interface TerminalAgentOptions {
  readonly model: string | undefined;
  readonly baseURL: string | undefined;
  readonly maxSteps: number | undefined;
  /** `--continue`, `--resume ID`, `--fork ID`. @default a new session */
  readonly conversation?: ConversationChoice | undefined;
  readonly options: CommonOptions;
  /** The approval mode, read at every call (the interactive agent's `/mode`). @default the settings' */
  readonly mode?: () => ApprovalMode;
  /** Leaves plan mode once the person approved the plan (the interactive agent's). @default no exit_plan_mode */
  readonly leavePlanMode?: () => ApprovalMode;
  /** Settings resolved already. @default resolved from `options` */
  readonly settings?: SessionSettings;
  /** The first prompt comes at once (`toolgate run`), not from a person typing. @default false */
  readonly promptsAtOnce?: boolean;
}

/**
 * The CLI's agent session with the terminal approver, recorded in toolgate's state directory (or
 * continuing a stored one). An agent session outlives each call, so the question offers "always"
 * (held for the session) and "no, and tell it why" (the model reads the feedback). Throws
 * ModelConfigError (exit 2) when no usable model is configured, SessionStoreError (exit 2) for a
 * stored session that cannot be continued.
 */
export async function openTerminalAgent(io: CliIo, command: TerminalAgentOptions): Promise<AgentHostSession> {
  const settings = command.settings ?? (await resolveSessionSettings(io, command.options));
  const rejectionColors = streamColors(io).stderr;
  const store = await resolveConversation(io, settings, command.conversation);
  return openHostSession(settings, {
    store,
    purpose: { kind: 'agent', model: command.model, baseURL: command.baseURL, maxSteps: command.maxSteps },
    answeredBy: 'terminal',
    env: io.env,
    notice: (line) => io.stderr.write(`${line}\n`),
    ...(io.stderr.isTTY ? { after: [withElapsedTime({ write: (text) => io.stderr.write(text) })] } : {}),
    ...(command.mode ? { mode: command.mode } : {}),
    ...(command.leavePlanMode ? { leavePlanMode: command.leavePlanMode } : {}),
    ...(command.promptsAtOnce ? { promptsAtOnce: true } : {}),
    // A server's form during a call is asked on the terminal too (never an approval of the call).
    mcpElicit: createTerminalElicitor({ colors: createColors(shouldUseColor(true, io.env)) }),
    approver: createTerminalApprover({
      choices: { always: true, feedback: true },
      // The question is asked on the terminal, whatever stderr is.
      colors: createColors(shouldUseColor(true, io.env)),
      onRejected: (rejection) => io.stderr.write(formatRejectionLine(rejection, rejectionColors)),
    }),
  });
}
