import { SurfaceConstructionError } from '../errors/toolgate-error.js';
import type { ToolExecutor } from '../executor/tool-executor.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { ToolSurface } from './tool-surface.js';

/**
 * Pairs a custom registry with its executor. Throws when the executor is missing or cannot run a
 * tool the registry shows: the model must never see a tool nothing can execute.
 */
export function toToolSurface(parts: {
  readonly registry: ToolRegistry;
  readonly executor?: ToolExecutor | null;
}): ToolSurface {
  const { registry, executor } = parts;
  if (!executor) {
    throw new SurfaceConstructionError(
      'A tool executor is required when a custom tool registry is provided.',
    );
  }
  const missing = registry
    .list()
    .map((definition) => definition.name)
    .filter((name) => !executor.canExecute(name));
  if (missing.length > 0) {
    throw new SurfaceConstructionError(
      `The executor has no route for these registered tools: ${missing.join(', ')}.`,
    );
  }
  return { registry, executor };
}
