import type { ToolExecutor } from '../executor/tool-executor.js';
import type { ToolRegistry } from '../registry/tool-registry.js';

/**
 * What the model sees and how its calls run — always built and merged as a pair
 * (docs/architecture.md, "Surfaces").
 */
export interface ToolSurface {
  /** The registration surface. */
  readonly registry: ToolRegistry;
  /** The execution surface. */
  readonly executor: ToolExecutor;
}
