import type { AgentHostSession } from '@toolgate/host';
import type { ConversationChoice } from '../cli/parse-cli-arguments.js';

/** What an interactive session command may use. */
export interface SessionCommandContext {
  /** The session the prompt talks to. */
  readonly session: AgentHostSession;
  /** Writes a line for the person (the terminal). */
  readonly say: (text: string) => void;
  /** Opens another session (a stored one resumed or forked); the caller closes the current one. */
  readonly open: (conversation: ConversationChoice) => Promise<AgentHostSession>;
  readonly signal: AbortSignal;
}

/** What a command did: the session to talk to from now on, when it changed. */
export interface SessionCommandOutcome {
  readonly session?: AgentHostSession;
}
