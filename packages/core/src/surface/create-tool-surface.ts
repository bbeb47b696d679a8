import { composeDecorators } from '../executor/compose-decorators.js';
import { prepareInvocation } from '../executor/invocation-stages.js';
import type { ToolExecuteOptions } from '../executor/tool-executor.js';
import type { ToolDecorator, ToolInvocation } from '../executor/tool-invocation.js';
import { unknownToolFailure } from '../executor/unknown-tool-failure.js';
import { presentToolResult } from '../presentation/present-tool-result.js';
import { internalErrorFailure } from '../result/internal-error-failure.js';
import { type ToolFailure, type ToolResult, toolFailure } from '../result/tool-result.js';
import type { AnyTool } from '../tool/tool.js';
import type { ToolCall } from '../tool/tool-call.js';
import { toToolProvider } from './combine-tool-providers.js';
import type { ToolProvider } from './tool-provider.js';
import type { ToolSurface } from './tool-surface.js';

/** Options for {@link createToolSurface}. */
export interface CreateToolSurfaceOptions {
  /** The tools, each with its own executor; or a live provider. */
  readonly tools: readonly AnyTool[] | ToolProvider;
  /**
   * Decorators, outermost first. @default [] (the final step still validates and runs preflight,
   * so a bare surface never runs a tool on unvalidated input)
   */
  readonly decorators?: readonly ToolDecorator[];
}

const NEVER_ABORTED = new AbortController().signal;

function toProvider(tools: readonly AnyTool[] | ToolProvider): ToolProvider {
  return Array.isArray(tools) ? toToolProvider(tools) : (tools as ToolProvider);
}

function abortedFailure(toolName: string): ToolFailure {
  return toolFailure('aborted', `${toolName} was cancelled before it finished.`);
}

async function runTool(invocation: ToolInvocation): Promise<ToolResult> {
  const failure = await prepareInvocation(invocation);
  if (failure) return failure;
  // Held for an approval that never decided (no approval decorator): no quote without one.
  if (invocation.held) return invocation.held.unquoted;
  if (invocation.context.signal.aborted) return abortedFailure(invocation.call.name);
  try {
    const input = invocation.input!.value;
    const result = await invocation.tool.execute(input, {
      ...invocation.context,
      plan: invocation.prepared?.plan,
      ...(invocation.prepared && !invocation.waitedOutside ? { planCurrent: true } : {}),
    });
    return presentToolResult(invocation.tool, input, invocation.prepared, result);
  } catch (error) {
    return invocation.context.signal.aborted
      ? abortedFailure(invocation.call.name)
      : internalErrorFailure(invocation.call.name, error);
  }
}

/**
 * Builds a surface from tools: the registry lists their definitions, and a routing executor runs
 * each call by exact name through the decorators and then the tool's own executor.
 */
export function createToolSurface(options: CreateToolSurfaceOptions): ToolSurface {
  const provider = toProvider(options.tools);
  const run = composeDecorators(options.decorators ?? [], runTool);
  return {
    registry: {
      list: () => provider.list().map((tool) => tool.definition),
      get: (name) => provider.get(name)?.definition,
    },
    executor: {
      canExecute: (name) => provider.get(name) !== undefined,
      async execute(call: ToolCall, executeOptions: ToolExecuteOptions = {}): Promise<ToolResult> {
        const tool = provider.get(call.name);
        if (!tool)
          return unknownToolFailure(
            call.name,
            provider.list().map((entry) => entry.definition.name),
          );
        const signal = executeOptions.signal ?? NEVER_ABORTED;
        if (signal.aborted) return abortedFailure(call.name);
        const invocation: ToolInvocation = {
          call,
          tool,
          context: {
            callId: call.id,
            signal,
            ...(executeOptions.session === undefined ? {} : { session: executeOptions.session }),
          },
          emit: () => {},
        };
        try {
          return await run(invocation);
        } catch (error) {
          return internalErrorFailure(call.name, error);
        }
      },
    },
  };
}
