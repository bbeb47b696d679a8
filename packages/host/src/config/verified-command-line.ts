import { join } from 'node:path';
import type { CommandPlan } from './inspect-command.js';
import { shellWord } from './shell-word.js';

/**
 * The command line that runs a plan's verified copy: the word that named the workspace file now
 * names its copy under `directory` (see `writeVerifiedCopies`); the other words stay as they were.
 */
export function verifiedCommandLine(plan: CommandPlan, directory: string): string {
  const { executed } = plan;
  return plan.words
    .map((word, index) =>
      shellWord(executed && index === executed.index ? join(directory, executed.rel) : word),
    )
    .join(' ');
}
