import { ToolgateError } from '@toolgate/core';

/** No model, or a model that cannot be used as configured; the message names the flag or variable to set. */
export class ModelConfigError extends ToolgateError {
  constructor(message: string) {
    super('model_config', message);
    this.name = 'ModelConfigError';
  }
}
