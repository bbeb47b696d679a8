import type { Approver } from '@toolgate/core';
import { type Colors, createColors } from '../render/colors.js';
import { type ControllingTerminal, openControllingTerminal } from '../terminal/controlling-terminal.js';
import { type ApprovalChoices, formatApprovalChoices } from './approval-choices.js';
import { formatApprovalBlock } from './format-approval-block.js';
import { parseApprovalAnswer } from './parse-approval-answer.js';
import type { TerminalRejection } from './terminal-rejection.js';

/** Options for {@link createTerminalApprover}. */
export interface TerminalApproverOptions {
  /** Which answers to offer beyond yes and no: `a` where a session outlives the call, `f` where a model reads why. */
  readonly choices: ApprovalChoices;
  /** Opens the person's terminal; `undefined` when there is none. @default opens `/dev/tty` */
  readonly openTerminal?: () => ControllingTerminal | undefined;
  /** Colours in the block. @default false */
  readonly colors?: Colors;
  /** Told about each call that was not approved, and why (the host prints one line for it). */
  readonly onRejected: (rejection: TerminalRejection) => void;
}

/**
 * Asks on the controlling terminal (never stdin, which may carry ARGS): prints the block, the
 * labelled choices and `• Approve? [y/N]`, reads one line. No terminal, EOF or an abort (Ctrl-C)
 * → `cancelled`; every answer but yes → rejected, and `onRejected` says why.
 */
export function createTerminalApprover(options: TerminalApproverOptions): Approver {
  const open = options.openTerminal ?? (() => openControllingTerminal());
  const colors = options.colors ?? createColors(false);
  return async (request, signal) => {
    const terminal = open();
    if (!terminal) {
      options.onRejected({ request, why: 'no_terminal' });
      return 'cancelled';
    }
    try {
      const { lines, question } = formatApprovalChoices(options.choices, request, colors);
      terminal.write(formatApprovalBlock(request, colors));
      terminal.write(lines);
      terminal.write(question);
      const line = await terminal.readLine(signal);
      if (line === null) {
        terminal.write('\n');
        options.onRejected({ request, why: signal.aborted ? 'interrupted' : 'end_of_input' });
        return 'cancelled';
      }
      const answer = parseApprovalAnswer(line, options.choices, request.lastingRules !== undefined);
      if (answer === 'allow_once' || answer === 'allow_always') return answer;
      if (answer === 'allow_project') return { kind: 'allow_always', scope: 'project' };
      if (answer === 'allow_everywhere') return { kind: 'allow_always', scope: 'user' };
      if (answer === 'always_not_offered') {
        options.onRejected({ request, why: 'always_not_offered' });
        return 'reject_once';
      }
      if (answer === 'reject_with_feedback') {
        terminal.write(colors.bold('• Tell the model why: '));
        const feedback = (await terminal.readLine(signal))?.trim();
        options.onRejected({ request, why: 'declined' });
        return feedback ? { kind: 'reject_once', feedback } : 'reject_once';
      }
      options.onRejected({ request, why: 'declined' });
      return answer;
    } finally {
      terminal.close();
    }
  };
}
