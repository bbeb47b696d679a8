import type { AnyTool } from '../tool/tool.js';

/** A live set of tools (an MCP server's tools change on list_changed). */
export interface ToolProvider {
  /** Every tool, in a stable order. */
  list(): readonly AnyTool[];
  /** The tool with exactly this name. */
  get(name: string): AnyTool | undefined;
}
