import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { toolFailure, toolSuccess } from '../result/tool-result.js';
import { defineTool } from './define-tool.js';
import type { Tool } from './tool.js';
import type { ToolSpec } from './tool-spec.js';

describe('defineTool types', () => {
  it('types a spec without an executor from its schema', () => {
    const spec = defineTool({
      name: 'read_text',
      description: 'Reads a file.',
      input: z.object({ path: z.string(), limit: z.number().optional() }),
    });
    expectTypeOf(spec).toEqualTypeOf<ToolSpec<{ path: string; limit?: number | undefined }>>();
  });

  it('infers input from the schema and output from execute, in one call', () => {
    const tool = defineTool({
      name: 'word_count',
      description: 'Counts words.',
      input: z.object({ text: z.string() }),
      async execute(input) {
        expectTypeOf(input).toEqualTypeOf<{ text: string }>();
        return toolSuccess({ words: input.text.split(/\s+/).length });
      },
    });
    expectTypeOf(tool).toEqualTypeOf<Tool<{ text: string }, { words: number }>>();
  });

  it('infers input from a schema builder', () => {
    const tool = defineTool({
      name: 'lazy',
      description: 'Builds its schema late.',
      input: () => z.object({ count: z.number().int() }),
      async execute({ count }) {
        expectTypeOf(count).toEqualTypeOf<number>();
        return count > 0
          ? toolSuccess(String(count))
          : toolFailure('invalid_arguments', 'count must be positive');
      },
    });
    expectTypeOf(tool).toEqualTypeOf<Tool<{ count: number }, string>>();
  });

  it('hands execute the plan prepare made, typed', () => {
    const tool = defineTool({
      name: 'planned',
      description: 'Plans first.',
      input: z.object({ path: z.string() }),
      async prepare(input) {
        return { status: 'ready' as const, plan: { absolute: `/root/${input.path}` } };
      },
      async execute(_input, context) {
        expectTypeOf(context.plan).toEqualTypeOf<{ absolute: string }>();
        return toolSuccess(context.plan.absolute.length);
      },
    });
    expectTypeOf(tool).toEqualTypeOf<Tool<{ path: string }, number>>();
  });

  it('types the approval and presentation callbacks with the parsed input', () => {
    defineTool({
      name: 'typed_callbacks',
      description: 'Typed callbacks.',
      input: z.object({ path: z.string() }),
      approval: {
        rule: { safe: (input) => (input.path.startsWith('/') ? 'ask' : 'run') },
        summarize: (input) => {
          expectTypeOf(input).toEqualTypeOf<{ path: string }>();
          return { lines: [input.path] };
        },
      },
    });
  });

  it('refuses an executor that reads a field the schema lacks', () => {
    defineTool({
      name: 'wrong_field',
      description: 'Reads a missing field.',
      input: z.object({ path: z.string() }),
      async execute(input) {
        // @ts-expect-error `missing` is not in the schema
        return toolSuccess(input.missing);
      },
    });
  });
});
