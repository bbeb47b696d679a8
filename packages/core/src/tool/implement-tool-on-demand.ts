import {
  type DirectToolImplementation,
  implementTool,
  type PlannedToolImplementation,
  type Tool,
} from './tool.js';
import type { ToolSpec } from './tool-spec.js';

/**
 * Joins a spec with an implementation loaded on first use (typically `() => import(…)`), so a host
 * that only lists tools never loads the code that runs them. The tool has the shape `implementTool`
 * gives it: definition, argument parser and approval come from the spec at once; `prepare` is
 * present exactly when `preflight` says the implementation has one, and with it `execute` receives
 * the plan typed as `prepare` made it.
 *
 * `load` runs at most once while it succeeds; calls made while it is pending share it. When it
 * rejects, that call throws (a surface reports `internal_error`) and the next call loads again.
 */
export function implementToolOnDemand<Input, Output, Plan>(
  spec: ToolSpec<Input>,
  options: { readonly preflight: true },
  load: () => Promise<PlannedToolImplementation<Input, Output, Plan>>,
): Tool<Input, Output>;
export function implementToolOnDemand<Input, Output>(
  spec: ToolSpec<Input>,
  options: { readonly preflight: false },
  load: () => Promise<DirectToolImplementation<Input, Output> & { readonly prepare?: never }>,
): Tool<Input, Output>;
export function implementToolOnDemand<Input, Output, Plan>(
  spec: ToolSpec<Input>,
  options: { readonly preflight: boolean },
  load: () => Promise<
    PlannedToolImplementation<Input, Output, Plan> | DirectToolImplementation<Input, Output>
  >,
): Tool<Input, Output> {
  type Loaded = PlannedToolImplementation<Input, Output, Plan> | DirectToolImplementation<Input, Output>;
  let loading: Promise<Loaded> | undefined;
  const implementation = (): Promise<Loaded> => {
    loading ??= (async () => {
      const loaded = await load();
      if ('prepare' in loaded !== options.preflight) {
        throw new Error(
          `${spec.definition.name}: the loaded implementation ${options.preflight ? 'has no' : 'has a'} prepare, but implementToolOnDemand was given preflight: ${options.preflight}`,
        );
      }
      return loaded;
    })().catch((error: unknown) => {
      loading = undefined; // a failed load is not remembered: the next call loads again
      throw error;
    });
    return loading;
  };
  if (!options.preflight) {
    const direct = implementation as () => Promise<DirectToolImplementation<Input, Output>>;
    return implementTool<Input, Output>(spec, {
      execute: async (input, context) => (await direct()).execute(input, context),
    });
  }
  const planned = implementation as () => Promise<PlannedToolImplementation<Input, Output, Plan>>;
  return implementTool<Input, Output, Plan>(spec, {
    prepare: async (input, context) => (await planned()).prepare(input, context),
    execute: async (input, context) => (await planned()).execute(input, context),
  });
}
