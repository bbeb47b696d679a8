import { ConfigError } from '../config/config-error.js';

/**
 * A bad agent definition (config key `agents` or a `.toolgate/agents/*.md` file): a configuration
 * error (code `config_invalid`) whose message names the file or config key and the key.
 */
export class AgentDefinitionError extends ConfigError {
  constructor(message: string) {
    super(message);
    this.name = 'AgentDefinitionError';
  }
}
