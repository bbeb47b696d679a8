import { ModelConfigError } from '@toolgate/host';
import type { AcpCommand } from './acp-command.js';

/** `/model provider:model`: changes the session's model from the next turn; alone, names it. */
export const MODEL_COMMAND: AcpCommand = {
  name: 'model',
  description: 'Show the model, or change it from the next turn (provider:model).',
  hint: 'provider:model',
  async run(argument, context) {
    const wanted = argument.trim();
    if (wanted === '') return `The model is ${context.model()}. Change it with /model provider:model.`;
    try {
      await context.setModel(wanted);
    } catch (error) {
      if (error instanceof ModelConfigError) return `The model stays ${context.model()}: ${error.message}`;
      throw error;
    }
    return `The model is now ${context.model()}, from the next turn.`;
  },
};
