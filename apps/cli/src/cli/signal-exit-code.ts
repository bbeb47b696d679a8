import { EXIT_CODES, type ExitCode, SIGNAL_EXIT_CODES } from './exit-codes.js';

/** The exit status of a command stopped by a signal (128 + its number), or undefined when none arrived. */
export function signalExitCode(signal: AbortSignal): ExitCode | undefined {
  if (!signal.aborted) return undefined;
  const reason = signal.reason as unknown;
  return typeof reason === 'string' && reason in SIGNAL_EXIT_CODES
    ? SIGNAL_EXIT_CODES[reason as keyof typeof SIGNAL_EXIT_CODES]
    : EXIT_CODES.interrupted;
}
