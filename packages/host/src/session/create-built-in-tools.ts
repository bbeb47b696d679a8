import { type AnyTool, BUILT_IN_TOOL_NAMES, type Workspace } from '@toolgate/core';
import { createAgentsMdTools } from '@toolgate/tools-agents-md';
import { createFsTools } from '@toolgate/tools-fs';
import { createPatchTools } from '@toolgate/tools-patch';
import { createSearchTools } from '@toolgate/tools-search';
import { createProcessRegistry, createShellTools } from '@toolgate/tools-shell';
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

const ORDER: readonly string[] = BUILT_IN_TOOL_NAMES;

/** Builds the session's built-in tools, each package configured from the config file. */
export function createBuiltInTools(context: BuiltInToolsContext): BuiltInTools {
  const { workspace, config } = context;
  const options = config.tools ?? {};
  const processes = createProcessRegistry();
  const fs = createFsTools({
    workspace,
    ...(options.read_file?.maxChars === undefined ? {} : { defaultReadMaxChars: options.read_file.maxChars }),
  });
  const patch = createPatchTools({ workspace });
  const agentsMd = createAgentsMdTools({ workspace });
  const shell = createShellTools({
    workspace,
    processes,
    ...(options.bash?.timeoutMs === undefined ? {} : { defaultTimeoutMs: options.bash.timeoutMs }),
    ...(options.bash?.maxOutputBytes === undefined ? {} : { maxOutputBytes: options.bash.maxOutputBytes }),
  });
  const search = createSearchTools({
    workspace,
    ...(options.search?.engine === undefined ? {} : { engine: options.search.engine }),
  });
  const tools: AnyTool[] = [
    shell.bash,
    fs.read_file,
    fs.write_file,
    patch.apply_patch,
    search.glob,
    search.grep,
    patch.edit,
    agentsMd.update_agents_md,
  ].sort((left, right) => ORDER.indexOf(left.definition.name) - ORDER.indexOf(right.definition.name));
  return {
    tools,
    close: async () => {
      const running = processes.list().filter((info) => info.status === 'RUNNING').length;
      await processes.close();
      return running;
    },
  };
}
