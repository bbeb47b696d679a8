/** The eight built-in tools, in AI4J's order. Their names are reserved in every surface. */
export const BUILT_IN_TOOL_NAMES = [
  'bash',
  'read_file',
  'write_file',
  'apply_patch',
  'glob',
  'grep',
  'edit',
  'update_agents_md',
] as const;

/** One of the eight built-in tool names. */
export type BuiltInToolName = (typeof BUILT_IN_TOOL_NAMES)[number];

/** True when `name` is reserved for a built-in tool (case-insensitive, as AI4J checks it). */
export function isBuiltInToolName(name: string): boolean {
  return (BUILT_IN_TOOL_NAMES as readonly string[]).includes(name.toLowerCase());
}
