import {
  type AnyTool,
  defineTool,
  implementTool,
  type ToolCallContext,
  type ToolResult,
  type ToolSpec,
} from '@toolgate/core';
import type { z } from 'zod';
import { DELEGATE_TOOL_PREFIX, type DelegateDefinition } from './delegate-definition.js';
import { DELEGATE_INPUT_CHECK, DELEGATE_INPUT_JSON_SCHEMA } from './delegate-input-json-schema.js';
import { buildDelegateInputSchema, type DELEGATE_INPUT_SCHEMA } from './delegate-input-schema.js';
import type { DelegateOutput } from './delegate-result.js';

/** What a delegate call asks the child: the task, and what it should know. */
export interface DelegateInput {
  readonly task: string;
  readonly context?: string | undefined;
}

/** Runs one delegate call: a child session of `definition` on `input`, ended before it resolves. */
export type RunDelegate = (
  definition: DelegateDefinition,
  input: DelegateInput,
  context: ToolCallContext,
) => Promise<ToolResult>;

/**
 * The spec of `delegate_<name>`, described by the definition's description. It is a delegate in the
 * approval table (asks in manual, runs in safe and auto: the child's own calls are gated) and an
 * ACP `think` call. Hosts list it with `.definition` without running an agent.
 */
export function delegateToolSpec(
  definition: DelegateDefinition,
): ToolSpec<z.output<typeof DELEGATE_INPUT_SCHEMA>> {
  const name = `${DELEGATE_TOOL_PREFIX}${definition.name}`;
  return defineTool({
    name,
    description: definition.description,
    input: buildDelegateInputSchema,
    inputJsonSchema: DELEGATE_INPUT_JSON_SCHEMA,
    inputCheck: DELEGATE_INPUT_CHECK,
    kind: 'think',
    source: { type: 'delegate' },
    annotations: { title: `Delegate to ${definition.name}` },
    approval: {
      summarize: (input) => ({
        title: `Delegate to ${definition.name}`,
        lines: [input.task, ...(input.context ? [`Context: ${input.context}`] : [])],
        detail: `${definition.name}: ${input.task}`,
      }),
    },
    presentation: {
      call: (input) => ({ title: `${definition.name}: ${input.task}` }),
      result: (output: DelegateOutput) => ({
        summary: `${output.agent} answered (${output.steps} step${output.steps === 1 ? '' : 's'})`,
        ...(output.output === '' ? {} : { text: output.output }),
      }),
    },
  });
}

/** The tool `delegate_<name>` ({@link delegateToolSpec}): a call runs `run`. */
export function createDelegateTool(definition: DelegateDefinition, run: RunDelegate): AnyTool {
  return implementTool(delegateToolSpec(definition), {
    execute: (input, context) => run(definition, input, context),
  });
}
