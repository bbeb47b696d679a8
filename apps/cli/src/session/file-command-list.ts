import type { CommandProblem, PromptCommand, ShadowedCommand } from '@toolgate/host';

/** The CLI's commands from files: those it offers beside its built-ins, those shadowed, those not read. */
export interface FileCommands {
  readonly offered: readonly PromptCommand[];
  readonly shadowed: readonly ShadowedCommand[];
  readonly problems: readonly CommandProblem[];
}
