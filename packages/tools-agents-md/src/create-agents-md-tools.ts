import { implementToolOnDemand, type Tool, type Workspace } from '@toolgate/core';
import type {
  UpdateAgentsMdInput,
  UpdateAgentsMdOutput,
} from './update-agents-md/update-agents-md-schema.js';
import { UPDATE_AGENTS_MD_SPEC } from './update-agents-md/update-agents-md-spec.js';

/** Options for {@link createAgentsMdTools}. */
export interface AgentsMdToolsOptions {
  /** Where AGENTS.md lives and how paths are guarded (`createWorkspace` from `@toolgate/core`). */
  readonly workspace: Workspace;
}

/** The project-memory tools, keyed by wire name. */
export interface AgentsMdTools {
  readonly update_agents_md: Tool<UpdateAgentsMdInput, UpdateAgentsMdOutput>;
}

/**
 * Creates `update_agents_md` bound to one workspace. The code that reads and writes AGENTS.md
 * loads on the tool's first call, so listing the tool loads none of it.
 */
export function createAgentsMdTools(options: AgentsMdToolsOptions): AgentsMdTools {
  const { workspace } = options;
  return {
    update_agents_md: implementToolOnDemand(UPDATE_AGENTS_MD_SPEC, { preflight: true }, async () => {
      const [{ createAgentsMdStore }, { createUpdateAgentsMdImplementation }] = await Promise.all([
        import('./agents-md-store.js'),
        import('./update-agents-md/create-update-agents-md-tool.js'),
      ]);
      return createUpdateAgentsMdImplementation(createAgentsMdStore(workspace));
    }),
  };
}
