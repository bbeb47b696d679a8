import type { ToolExecutor } from '../executor/tool-executor.js';
import { unknownToolFailure } from '../executor/unknown-tool-failure.js';
import { createCompositeRegistry } from '../registry/create-composite-registry.js';
import type { ToolSurface } from './tool-surface.js';

/**
 * Merges surfaces in order: registries are concatenated (duplicate and reserved names throw,
 * naming both sources) and each call routes to the surface whose registry lists its name.
 */
export function mergeToolSurfaces(surfaces: readonly ToolSurface[]): ToolSurface {
  const registry = createCompositeRegistry(surfaces.map((surface) => surface.registry));
  const route = (name: string) => surfaces.find((surface) => surface.registry.get(name) !== undefined);
  const executor: ToolExecutor = {
    canExecute: (name) => route(name)?.executor.canExecute(name) ?? false,
    execute: async (call, options) => {
      const surface = route(call.name);
      if (!surface)
        return unknownToolFailure(
          call.name,
          registry.list().map((definition) => definition.name),
        );
      return surface.executor.execute(call, options);
    },
  };
  return { registry, executor };
}
