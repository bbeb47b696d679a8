/** The CLI's exit statuses; scripts rely on them. */
export const EXIT_CODES = {
  /** The call succeeded (or the command did what was asked). */
  success: 0,
  /** The tool failed: its own failure, an unknown tool, invalid arguments. */
  toolFailure: 1,
  /** Usage or configuration error: unknown option, missing tool name, ARGS not a JSON object, bad config. */
  usage: 2,
  /** The call was rejected (by approval, policy or a hook); nothing ran. */
  rejected: 3,
  /** SIGHUP: 128 + 1. */
  hangup: 129,
  /** Ctrl-C (SIGINT): 128 + 2. */
  interrupted: 130,
  /** SIGTERM: 128 + 15. */
  terminated: 143,
} as const;

/** One of the exit statuses in {@link EXIT_CODES}. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/** The signals a call reacts to, with the status each one exits with. */
export const SIGNAL_EXIT_CODES = {
  SIGINT: EXIT_CODES.interrupted,
  SIGTERM: EXIT_CODES.terminated,
  SIGHUP: EXIT_CODES.hangup,
} as const;

/** A signal the CLI handles. */
export type HandledSignal = keyof typeof SIGNAL_EXIT_CODES;
