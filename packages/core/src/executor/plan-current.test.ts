import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Approver } from '../approval/approver.js';
import { standardDecorators } from '../decorators/standard-decorators.js';
import { toolSuccess } from '../result/tool-result.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import { defineTool } from '../tool/define-tool.js';
import { implementTool } from '../tool/tool.js';
import { inProcessDecorator } from './in-process-decorator.js';
import type { ToolDecorator } from './tool-invocation.js';

const spec = defineTool({
  name: 'plant',
  description: 'Plans a write, then reports what its execute was told.',
  input: z.object({ text: z.string() }),
  kind: 'edit',
});

/** A planned tool whose output is the `planCurrent` its execute received. */
const tool = implementTool(spec, {
  async prepare(input) {
    return { status: 'ready', plan: input.text, preview: { lines: [`Plant ${input.text}`] } };
  },
  async execute(_input, context) {
    return toolSuccess({ planCurrent: context.planCurrent ?? 'absent' });
  },
});

async function planCurrentThrough(decorators: readonly ToolDecorator[]): Promise<unknown> {
  const surface = createToolSurface({ tools: [tool], decorators });
  const result = await surface.executor.execute({ id: 'c1', name: 'plant', arguments: { text: 'x' } });
  if (result.status !== 'success') throw new Error(JSON.stringify(result));
  return (result.output as { planCurrent: unknown }).planCurrent;
}

const allowing: Approver = async () => 'allow_once';
/** A host decorator that, for all core knows, may wait on a hook or a client. */
const opaque: ToolDecorator = async (_invocation, next) => next();

describe('planCurrent: whether anything outside the process had a turn since the plan', () => {
  it('is set when the chain is core’s own and nobody was asked', async () => {
    expect(await planCurrentThrough(standardDecorators({ approval: { mode: 'auto' } }))).toBe(true);
    expect(await planCurrentThrough([])).toBe(true);
  });

  it('is not set once approval asked a person, whatever the answer allowed', async () => {
    const decorators = standardDecorators({ approval: { mode: 'manual', approver: allowing } });
    expect(await planCurrentThrough(decorators)).toBe(false);
  });

  it('is not set when a decorator core does not know may have waited (a hook, a client), before or after approval', async () => {
    expect(
      await planCurrentThrough(standardDecorators({ approval: { mode: 'auto' }, before: [opaque] })),
    ).toBe(false);
    expect(
      await planCurrentThrough(standardDecorators({ approval: { mode: 'auto' }, after: [opaque] })),
    ).toBe(false);
    expect(await planCurrentThrough([opaque, ...standardDecorators({ approval: { mode: 'auto' } })])).toBe(
      false,
    );
  });

  it('is set through a decorator marked as never waiting outside', async () => {
    const counting = inProcessDecorator(async (_invocation, next) => next());
    expect(
      await planCurrentThrough(standardDecorators({ approval: { mode: 'auto' }, before: [counting] })),
    ).toBe(true);
  });

  it('is set for a direct call of the tool, which plans and runs at once', async () => {
    const result = await tool.execute({ text: 'x' }, { callId: 'c1', signal: new AbortController().signal });
    expect(result).toMatchObject({ status: 'success', output: { planCurrent: true } });
  });
});
