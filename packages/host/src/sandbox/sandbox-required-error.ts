import { ToolgateError } from '@toolgate/core';

/** A sandbox was required (by a flag or the config) and none can run; nothing was run. */
export class SandboxRequiredError extends ToolgateError {
  constructor(message: string) {
    super('sandbox_required', message);
    this.name = 'SandboxRequiredError';
  }
}
