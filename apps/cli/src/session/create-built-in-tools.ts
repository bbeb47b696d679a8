import type { AnyTool, Workspace } from '@toolgate/core';
import type { ToolgateConfig } from '../config/toolgate-config-schema.js';

/** What the built-in tools of one session share. */
export interface BuiltInToolsContext {
  readonly workspace: Workspace;
  readonly config: ToolgateConfig;
}

/** The built-in tools, from every tool package, in AI4J's order. */
export interface BuiltInTools {
  readonly tools: readonly AnyTool[];
  /** Stops every process the session started and waits for them; returns how many were stopped. */
  close(): Promise<number>;
}

/** Builds the session's built-in tools. */
export function createBuiltInTools(_context: BuiltInToolsContext): BuiltInTools {
  return { tools: [], close: async () => 0 };
}
