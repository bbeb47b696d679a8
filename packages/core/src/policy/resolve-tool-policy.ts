import type { ToolExecutor } from '../executor/tool-executor.js';
import { unknownToolFailure } from '../executor/unknown-tool-failure.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import { toolRejection } from '../result/tool-result.js';
import type { ToolSurface } from '../surface/tool-surface.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { AgentDefinition } from './agent-definition.js';
import { matchToolPattern } from './match-tool-pattern.js';

function isVisible(
  definition: ToolDefinition,
  agent: AgentDefinition,
  parent: ToolRegistry | undefined,
): boolean {
  if (parent && !parent.get(definition.name)) return false;
  if (
    agent.allowedTools &&
    !agent.allowedTools.some((pattern) => matchToolPattern(pattern, definition.name))
  ) {
    return false;
  }
  // Read-only isolation keeps only the tools that say they change nothing (MCP's hint).
  return agent.isolation !== 'read_only' || definition.annotations.readOnly === true;
}

/**
 * The policy surface of a (child) session: the surface filtered by the agent's allowed tools and
 * isolation, and never wider than the parent's. A call to a hidden tool is `rejected{by:'policy'}`.
 */
export function resolveToolPolicy(
  surface: ToolSurface,
  agent: AgentDefinition,
  parent?: ToolSurface,
): ToolSurface {
  const visible = (definition: ToolDefinition) => isVisible(definition, agent, parent?.registry);
  const registry: ToolRegistry = {
    list: () => surface.registry.list().filter(visible),
    get: (name) => {
      const definition = surface.registry.get(name);
      return definition && visible(definition) ? definition : undefined;
    },
  };
  const executor: ToolExecutor = {
    canExecute: (name) => registry.get(name) !== undefined && surface.executor.canExecute(name),
    execute: async (call, options) => {
      if (!registry.get(call.name)) {
        if (surface.registry.get(call.name)) {
          return toolRejection(
            'policy',
            `Tool is not allowed in this session (agent "${agent.name}"): ${call.name}`,
          );
        }
        return unknownToolFailure(
          call.name,
          registry.list().map((definition) => definition.name),
        );
      }
      return surface.executor.execute(call, options);
    },
  };
  return { registry, executor };
}
