import { InvalidOptionsError } from '../errors/toolgate-error.js';
import { isValidToolName, TOOL_NAME_PATTERN } from './tool-name.js';

/** Throws when a tool is defined with a name models and MCP clients would refuse. */
export function assertToolName(name: string): void {
  if (!isValidToolName(name)) {
    throw new InvalidOptionsError(`Tool name ${JSON.stringify(name)} does not match ${TOOL_NAME_PATTERN}.`);
  }
}
