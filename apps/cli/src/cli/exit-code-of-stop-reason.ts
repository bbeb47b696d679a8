import type { StopReason } from '@toolgate/agent';
import { EXIT_CODES, type ExitCode } from './exit-codes.js';

/** `toolgate run`'s exit status: 0 completed, 3 blocked by approval or policy, 1 anything else. */
export function exitCodeOfStopReason(stopReason: StopReason): ExitCode {
  switch (stopReason) {
    case 'completed':
      return EXIT_CODES.success;
    case 'blocked_by_approval':
    case 'blocked_by_policy':
      return EXIT_CODES.rejected;
    default:
      return EXIT_CODES.toolFailure;
  }
}
