import { createToolSurface, standardDecorators, type ToolResult } from '@toolgate/core';
import { createTempWorkspace, type TempWorkspace } from '@toolgate/core/testing';
import { afterEach } from 'vitest';
import { type AgentsMdTools, createAgentsMdTools } from '../create-agents-md-tools.js';

/** Core's temporary workspace with update_agents_md on a standard surface. */
export interface AgentsMdKit extends TempWorkspace {
  readonly tools: AgentsMdTools;
  /** Runs update_agents_md through the standard decorators (validation, preflight). */
  call(args: unknown): Promise<ToolResult>;
}

const kits: TempWorkspace[] = [];

afterEach(async () => {
  for (const kit of kits.splice(0)) await kit.cleanup();
});

/** A kit removed after the test. */
export async function createAgentsMdKit(): Promise<AgentsMdKit> {
  const temp = await createTempWorkspace({ prefix: 'toolgate-agents-md-' });
  kits.push(temp);
  const tools = createAgentsMdTools({ workspace: temp.workspace });
  const surface = createToolSurface({ tools: [tools.update_agents_md], decorators: standardDecorators() });
  return {
    ...temp,
    tools,
    call: (args) =>
      surface.executor.execute({
        id: 'call-1',
        name: 'update_agents_md',
        arguments: args as Record<string, unknown>,
      }),
  };
}
