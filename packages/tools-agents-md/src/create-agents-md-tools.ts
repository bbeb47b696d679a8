import type { Tool, Workspace } from '@toolgate/core';
import { createAgentsMdStore } from './agents-md-store.js';
import { createUpdateAgentsMdTool } from './update-agents-md/create-update-agents-md-tool.js';
import type {
  UpdateAgentsMdInput,
  UpdateAgentsMdOutput,
} from './update-agents-md/update-agents-md-schema.js';

/** Options for {@link createAgentsMdTools}. */
export interface AgentsMdToolsOptions {
  /** Where AGENTS.md lives and how paths are guarded (`createWorkspace` from `@toolgate/core`). */
  readonly workspace: Workspace;
}

/** The project-memory tools, keyed by wire name. */
export interface AgentsMdTools {
  readonly update_agents_md: Tool<UpdateAgentsMdInput, UpdateAgentsMdOutput>;
}

/** Creates `update_agents_md` bound to one workspace. */
export function createAgentsMdTools(options: AgentsMdToolsOptions): AgentsMdTools {
  return { update_agents_md: createUpdateAgentsMdTool(createAgentsMdStore(options.workspace)) };
}
