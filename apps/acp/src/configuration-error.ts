import { RequestError } from '@agentclientprotocol/sdk';

/**
 * The JSON-RPC error code of a session the person's configuration prevents (no model, a key
 * missing, a config file that does not parse): a server error of its own, since `-32603` says the
 * agent has a bug and `-32602` that the client sent bad parameters.
 */
export const CONFIGURATION_ERROR_CODE = -32010;

/** The error `session/new` answers with when the configuration prevents a session; the message says what to set. */
export function configurationError(message: string): RequestError {
  return new RequestError(CONFIGURATION_ERROR_CODE, message, { kind: 'configuration' });
}
