import { ToolgateError } from '@toolgate/core';

/**
 * A config file, a config key or a configuration variable that cannot be used: the message names
 * the file or variable, the key and what was expected. Hosts report it as a configuration error
 * (the CLI exits 2).
 */
export class ConfigError extends ToolgateError {
  constructor(message: string) {
    super('config_invalid', message);
    this.name = 'ConfigError';
  }
}
