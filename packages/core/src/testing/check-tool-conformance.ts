import { standardDecorators } from '../decorators/standard-decorators.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import type { AnyTool } from '../tool/tool.js';
import { TOOL_KINDS } from '../tool/tool-definition.js';
import { isValidToolName } from '../tool/tool-name.js';

/** Options for {@link checkToolConformance}. */
export interface ConformanceOptions {
  /** Extra argument objects that must give a failure (never a throw, never a success). @default [] */
  readonly invalidArguments?: readonly unknown[];
  /**
   * Valid arguments of a call that takes a moment (a `sleep`, a large read), by tool name. The kit
   * starts each such call, aborts its signal while the tool is executing, and requires
   * `failure{code:'aborted'}`: a tool that ignores its signal and finishes anyway is reported.
   * @default {} (only the pre-aborted check runs)
   */
  readonly abortWhileExecuting?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

// Aborts the call's signal as soon as the tool's executor has started (it runs synchronously up
// to its first await), so neither the surface nor preflight can answer `aborted` in its place.
function abortingOnceExecuting(tool: AnyTool, controller: AbortController): AnyTool {
  return {
    ...tool,
    execute: (input, context) => {
      const running = tool.execute(input, context);
      controller.abort();
      return running;
    },
  };
}

async function checkAbortWhileExecuting(
  tool: AnyTool,
  argumentsValue: Readonly<Record<string, unknown>>,
): Promise<string | undefined> {
  const name = tool.definition.name;
  const controller = new AbortController();
  const surface = createToolSurface({
    tools: [abortingOnceExecuting(tool, controller)],
    decorators: standardDecorators({ approval: { mode: 'auto' } }),
  });
  try {
    const result = await surface.executor.execute(
      { id: 'conformance', name, arguments: { ...argumentsValue } },
      { signal: controller.signal },
    );
    if (!controller.signal.aborted)
      return `${name}: the abort-while-executing call never reached the tool (${JSON.stringify(result)})`;
    return result.status === 'failure' && result.error.code === 'aborted'
      ? undefined
      : `${name}: aborted while executing, it gave ${JSON.stringify(result)}, expected failure{code:'aborted'} (the tool ignores its signal)`;
  } catch (error) {
    return `${name}: aborted while executing, it threw ${(error as Error).message}`;
  }
}

const BAD_INPUTS: readonly unknown[] = [
  '{not json',
  '[1,2,3]',
  '"a string"',
  '42',
  { __unknown_field__: true },
  { path: 12, pattern: false, command: [], action: { a: 1 }, patch: 7, content: 3 },
];

function containsRef(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if ('$ref' in value) return true;
  return Object.values(value).some(containsRef);
}

/**
 * Checks the contract every tool keeps; returns the problems found (empty when conformant):
 * valid and unique names, non-empty descriptions, object schemas without `$ref`, known kinds,
 * bad input → failure (never a throw), an aborted signal → `failure{code:'aborted'}`, and for the
 * tools given in `abortWhileExecuting`, an abort while the tool executes → `failure{code:'aborted'}`.
 */
export async function checkToolConformance(
  tools: readonly AnyTool[],
  options: ConformanceOptions = {},
): Promise<string[]> {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const tool of tools) {
    const { name, description, inputSchema, kind } = tool.definition;
    if (!isValidToolName(name)) problems.push(`${name}: invalid name`);
    if (names.has(name)) problems.push(`${name}: duplicate name`);
    names.add(name);
    if (description.trim() === '') problems.push(`${name}: empty description`);
    if (inputSchema.type !== 'object') problems.push(`${name}: input schema is not an object schema`);
    if (containsRef(inputSchema)) problems.push(`${name}: input schema contains $ref`);
    if (!TOOL_KINDS.includes(kind)) problems.push(`${name}: unknown kind ${kind}`);
  }
  for (const tool of tools) {
    const name = tool.definition.name;
    // The kit checks the tool's own contract, so nothing is asked.
    const surface = createToolSurface({
      tools: [tool],
      decorators: standardDecorators({ approval: { mode: 'auto' } }),
    });
    for (const argumentsValue of [...BAD_INPUTS, ...(options.invalidArguments ?? [])]) {
      try {
        const result = await surface.executor.execute({
          id: 'conformance',
          name,
          arguments: argumentsValue as string | Record<string, unknown>,
        });
        if (result.status !== 'failure') {
          problems.push(
            `${name}: bad input ${JSON.stringify(argumentsValue)} gave ${result.status}, expected failure`,
          );
        }
      } catch (error) {
        problems.push(
          `${name}: bad input ${JSON.stringify(argumentsValue)} threw ${(error as Error).message}`,
        );
      }
    }
    const controller = new AbortController();
    controller.abort();
    try {
      const result = await surface.executor.execute(
        { id: 'conformance', name, arguments: {} },
        { signal: controller.signal },
      );
      if (result.status !== 'failure' || result.error.code !== 'aborted') {
        problems.push(
          `${name}: an aborted signal gave ${JSON.stringify(result)}, expected failure{code:'aborted'}`,
        );
      }
    } catch (error) {
      problems.push(`${name}: an aborted signal threw ${(error as Error).message}`);
    }
    const abortArguments = options.abortWhileExecuting?.[name];
    if (abortArguments) {
      const problem = await checkAbortWhileExecuting(tool, abortArguments);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}
