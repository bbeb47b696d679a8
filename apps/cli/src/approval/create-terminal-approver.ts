import type { Approver } from '@toolgate/core';
import { type Colors, createColors } from '../render/colors.js';
import { type ControllingTerminal, openControllingTerminal } from '../terminal/controlling-terminal.js';
import { APPROVAL_QUESTION, formatApprovalBlock } from './format-approval-block.js';
import { parseApprovalAnswer } from './parse-approval-answer.js';

/** Options for {@link createTerminalApprover}. */
export interface TerminalApproverOptions {
  /** Opens the person's terminal; `undefined` when there is none. @default opens `/dev/tty` */
  readonly openTerminal?: () => ControllingTerminal | undefined;
  /** Colours in the block. @default false */
  readonly colors?: Colors;
  /** Where notes go when nobody can be asked (stderr). */
  readonly report: (text: string) => void;
}

/** Why the call was rejected without a question, and what to do for unattended use. */
export function unattendedRejectionNote(toolName: string, why: string): string {
  return `toolgate: ${toolName} needs approval but ${why}; the call was rejected and nothing ran. Use --approval auto for unattended use.\n`;
}

/**
 * Asks on the controlling terminal (never stdin, which may carry ARGS): prints the block and
 * `• Approve? [y/N/a]`, reads one line. No terminal, EOF or an abort (Ctrl-C) → `cancelled`.
 */
export function createTerminalApprover(options: TerminalApproverOptions): Approver {
  const open = options.openTerminal ?? (() => openControllingTerminal());
  const colors = options.colors ?? createColors(false);
  return async (request, signal) => {
    const terminal = open();
    if (!terminal) {
      options.report(unattendedRejectionNote(request.toolName, 'there is no terminal to ask'));
      return 'cancelled';
    }
    try {
      terminal.write(formatApprovalBlock(request, colors));
      terminal.write(colors.bold(APPROVAL_QUESTION));
      const line = await terminal.readLine(signal);
      if (line === null) {
        terminal.write('\n');
        if (!signal.aborted)
          options.report(unattendedRejectionNote(request.toolName, 'the terminal reached end of input'));
        return 'cancelled';
      }
      const answer = parseApprovalAnswer(line);
      if (answer === 'reject_once') terminal.write(`${colors.red('• Rejected')}\n`);
      return answer;
    } finally {
      terminal.close();
    }
  };
}
