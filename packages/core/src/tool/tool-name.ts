/** The rule every tool name follows (the strictest common rule of model providers and MCP clients). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** True when `name` is a valid tool wire name. */
export function isValidToolName(name: string): boolean {
  return TOOL_NAME_PATTERN.test(name);
}
