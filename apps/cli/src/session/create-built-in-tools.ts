import type { AnyTool, Workspace } from '@toolgate/core';
import { createFsTools } from '@toolgate/tools-fs';
import type { ToolgateConfig } from '../config/toolgate-config-schema.js';

/** What the built-in tools of one session share. */
export interface BuiltInToolsContext {
  readonly workspace: Workspace;
  readonly config: ToolgateConfig;
}

/** The built-in tools, from every tool package, in AI4J's order. */
export interface BuiltInTools {
  readonly tools: readonly AnyTool[];
  /** Stops every process the session started and waits for them; resolves to how many were still running. */
  close(): Promise<number>;
}

/** Builds the session's built-in tools, each package configured from the config file. */
export function createBuiltInTools(context: BuiltInToolsContext): BuiltInTools {
  const { workspace, config } = context;
  const toolOptions = config.tools ?? {};
  const fs = createFsTools({
    workspace,
    ...(toolOptions.read_file?.maxChars === undefined
      ? {}
      : { defaultReadMaxChars: toolOptions.read_file.maxChars }),
  });
  return {
    tools: [fs.read_file, fs.write_file],
    close: async () => 0,
  };
}
