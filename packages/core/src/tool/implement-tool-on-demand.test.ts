import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ToolResult, toolFailure, toolSuccess } from '../result/tool-result.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import { defineTool } from './define-tool.js';
import { implementToolOnDemand } from './implement-tool-on-demand.js';
import type { DirectToolImplementation, PlannedToolImplementation, ToolCallContext } from './tool.js';

const spec = defineTool({
  name: 'shout',
  description: 'Shouts a word.',
  input: z.object({ word: z.string() }),
  kind: 'other',
  approval: { rule: { safe: (input) => (input.word === 'hi' ? 'run' : 'ask') } },
});

type Input = { word: string };
type Output = { shouted: string; preparedFor?: string };

const context: ToolCallContext = { callId: 'c', signal: new AbortController().signal };

/** A loader that counts its calls and fails while `failures` lasts. */
function countingLoader<Implementation>(implementation: Implementation, failures = 0) {
  const loader = {
    calls: 0,
    async load(): Promise<Implementation> {
      loader.calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (loader.calls <= failures) throw new Error(`load ${loader.calls} failed`);
      return implementation;
    },
  };
  return loader;
}

function direct(): DirectToolImplementation<Input, Output> {
  return { execute: async (input) => toolSuccess({ shouted: input.word.toUpperCase() }) };
}

/** Prepares a plan (the word's length) and records every plan execute received. */
function planned(seen: number[]): PlannedToolImplementation<Input, Output, { length: number }> {
  return {
    async prepare(input) {
      if (input.word === '') return toolFailure('invalid_arguments', 'say something');
      return { status: 'ready', plan: { length: input.word.length }, preview: { lines: ['Shout'] } };
    },
    async execute(input, { plan }) {
      seen.push(plan.length);
      return toolSuccess({ shouted: input.word.toUpperCase(), preparedFor: String(plan.length) });
    },
  };
}

describe('implementToolOnDemand', () => {
  it('lists, parses and declares approval from the spec without loading', async () => {
    const loader = countingLoader(direct());
    const tool = implementToolOnDemand(spec, { preflight: false }, loader.load);
    expect(tool.definition).toBe(spec.definition);
    expect(tool.parseArguments({ word: 'a' })).toEqual({ ok: true, value: { word: 'a' } });
    expect(tool.parseArguments({}).ok).toBe(false);
    expect(tool.approval).toBe(spec.approval);
    expect(tool.prepare).toBeUndefined();
    expect(loader.calls).toBe(0);
  });

  it('loads once, on the first call, even when calls overlap', async () => {
    const loader = countingLoader(direct());
    const tool = implementToolOnDemand(spec, { preflight: false }, loader.load);
    const results = await Promise.all([
      tool.execute({ word: 'a' }, context),
      tool.execute({ word: 'b' }, context),
    ]);
    expect(await tool.execute({ word: 'c' }, context)).toEqual(toolSuccess({ shouted: 'C' }));
    expect(results).toEqual([toolSuccess({ shouted: 'A' }), toolSuccess({ shouted: 'B' })]);
    expect(loader.calls).toBe(1);
  });

  it('fails a call whose load rejects and loads again on the next one', async () => {
    const loader = countingLoader(direct(), 1);
    const tool = implementToolOnDemand(spec, { preflight: false }, loader.load);
    await expect(tool.execute({ word: 'a' }, context)).rejects.toThrow('load 1 failed');
    expect(await tool.execute({ word: 'a' }, context)).toEqual(toolSuccess({ shouted: 'A' }));
    expect(await tool.execute({ word: 'b' }, context)).toEqual(toolSuccess({ shouted: 'B' }));
    expect(loader.calls).toBe(2);
  });

  it('reports a failed load through a surface as internal_error, then recovers', async () => {
    const loader = countingLoader(planned([]), 1);
    const surface = createToolSurface({
      tools: [implementToolOnDemand(spec, { preflight: true }, loader.load)],
    });
    const call = () => surface.executor.execute({ id: 'c', name: 'shout', arguments: { word: 'hey' } });
    expect(await call()).toEqual({
      status: 'failure',
      error: { code: 'internal_error', message: 'shout failed unexpectedly: load 1 failed' },
    });
    expect(await call()).toEqual(toolSuccess({ shouted: 'HEY', preparedFor: '3' }));
  });

  it('passes the plan prepare made to execute, and plans first on a direct call', async () => {
    const seen: number[] = [];
    const loader = countingLoader(planned(seen));
    const tool = implementToolOnDemand(spec, { preflight: true }, loader.load);
    expect(loader.calls).toBe(0);
    const prepared = await tool.prepare!({ word: 'four' }, context);
    expect(prepared).toEqual({ status: 'ready', plan: { length: 4 }, preview: { lines: ['Shout'] } });
    const planFromPrepare = prepared.status === 'ready' ? prepared.plan : undefined;
    // The surface hands back the plan it got; here a different one shows execute uses what it is given.
    await tool.execute({ word: 'four' }, { ...context, plan: { length: 40 } });
    await tool.execute({ word: 'four' }, { ...context, plan: planFromPrepare });
    const directly: ToolResult<Output> = await tool.execute({ word: 'seven!!' }, context);
    expect(directly).toEqual(toolSuccess({ shouted: 'SEVEN!!', preparedFor: '7' }));
    expect(await tool.execute({ word: '' }, context)).toEqual(
      toolFailure('invalid_arguments', 'say something'),
    );
    expect(seen).toEqual([40, 4, 7]);
    expect(loader.calls).toBe(1);
  });

  it('refuses an implementation whose preflight differs from what was declared', async () => {
    const withPrepare = implementToolOnDemand(
      spec,
      { preflight: false },
      // A caller that casts past the types still gets a clear error, not a tool that skips prepare.
      async () => planned([]) as unknown as DirectToolImplementation<Input, Output>,
    );
    await expect(withPrepare.execute({ word: 'a' }, context)).rejects.toThrow(
      'shout: the loaded implementation has a prepare, but implementToolOnDemand was given preflight: false',
    );
    const withoutPrepare = implementToolOnDemand(
      spec,
      { preflight: true },
      async () => direct() as unknown as PlannedToolImplementation<Input, Output, { length: number }>,
    );
    expect(withoutPrepare.prepare).toBeTypeOf('function');
    await expect(withoutPrepare.prepare!({ word: 'a' }, context)).rejects.toThrow(
      'shout: the loaded implementation has no prepare, but implementToolOnDemand was given preflight: true',
    );
  });

  it('keeps the types as strict as implementTool', () => {
    // @ts-expect-error an implementation with prepare must be declared with preflight: true
    const undeclared = implementToolOnDemand(spec, { preflight: false }, async () => planned([]));
    // @ts-expect-error an implementation without prepare cannot be declared with preflight: true
    const overdeclared = implementToolOnDemand(spec, { preflight: true }, async () => direct());
    const mistyped = implementToolOnDemand<Input, Output, { length: number }>(
      spec,
      { preflight: true },
      async () => ({
        prepare: async () => ({ status: 'ready', plan: { length: 1 } }),
        // @ts-expect-error execute's plan is typed as prepare made it
        execute: async (input, { plan }) => toolSuccess({ shouted: `${input.word}${plan.missing}` }),
      }),
    );
    expect(
      [undeclared.prepare, overdeclared.prepare, mistyped.prepare].map((prepare) => typeof prepare),
    ).toEqual(['undefined', 'function', 'function']);
  });
});
