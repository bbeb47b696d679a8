import { ToolgateError } from '@toolgate/core';

/** A bad agent definition (config key `agents` or a `.toolgate/agents/*.md` file); the message names the file and key. */
export class AgentDefinitionError extends ToolgateError {
  constructor(message: string) {
    super('agent_definition', message);
    this.name = 'AgentDefinitionError';
  }
}
