import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApprovalRules } from '../approval/approval-rules.js';
import type { ToolEvent } from '../events/tool-event.js';
import type { ToolDecorator } from '../executor/tool-invocation.js';
import { toolSuccess } from '../result/tool-result.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import { defineTool } from '../tool/define-tool.js';
import { implementTool } from '../tool/tool.js';
import { standardDecorators } from './standard-decorators.js';

const note = implementTool(
  defineTool({
    name: 'note',
    description: 'Writes a note.',
    input: z.object({ text: z.string() }),
    kind: 'edit',
  }),
  {
    async execute(input) {
      return toolSuccess({ wrote: input.text });
    },
  },
);

/** What a preToolUse hook that answered "approve" does to the invocation. */
const approveByHook: ToolDecorator = async (invocation, next) => {
  invocation.preApproved = { by: 'hook', source: 'check.sh' };
  return next();
};

const denySecret: ApprovalRules = async (request) =>
  (request.input as { text: string }).text === 'secret'
    ? { decision: 'deny', reason: 'denied', rule: { text: 'note(secret)', source: 'config.json' } }
    : undefined;

describe('a call approved before approval (a hook)', () => {
  it('runs without the question, says so in its decision event, and a deny rule still refuses', async () => {
    const asked: string[] = [];
    const events: ToolEvent[] = [];
    const surface = createToolSurface({
      tools: [note],
      decorators: standardDecorators({
        onEvent: (event) => events.push(event),
        before: [approveByHook],
        approval: {
          mode: 'manual',
          rules: denySecret,
          approver: async (request) => {
            asked.push(request.detail);
            return 'allow_once';
          },
        },
      }),
    });
    const run = (text: string) => surface.executor.execute({ id: text, name: 'note', arguments: { text } });
    expect(await run('hello')).toEqual({ status: 'success', output: { wrote: 'hello' } });
    expect(await run('secret')).toEqual({ status: 'rejected', by: 'rule', reason: 'denied' });
    expect(asked).toEqual([]);
    expect(
      events.flatMap((event) =>
        event.type === 'approval-decision' ? [{ ...event, call: event.call.id }] : [],
      ),
    ).toEqual([
      {
        type: 'approval-decision',
        call: 'hello',
        by: 'hook',
        outcome: 'run',
        mode: 'manual',
        hook: 'check.sh',
      },
      {
        type: 'approval-decision',
        call: 'secret',
        by: 'rule',
        outcome: 'reject',
        mode: 'manual',
        rule: { text: 'note(secret)', source: 'config.json' },
      },
    ]);
  });

  it("skips only the mode's question: a call an ask rule covers is still asked", async () => {
    const asked: string[] = [];
    const events: ToolEvent[] = [];
    const askRule: ApprovalRules = async () => ({
      decision: 'ask',
      reason: 'asks',
      rule: { text: 'note', source: 'config.json' },
    });
    const surface = createToolSurface({
      tools: [note],
      decorators: standardDecorators({
        onEvent: (event) => events.push(event),
        before: [approveByHook],
        approval: {
          mode: 'auto',
          rules: askRule,
          approver: async (request) => {
            asked.push(request.detail);
            return 'reject_once';
          },
        },
      }),
    });
    expect(await surface.executor.execute({ id: 'n1', name: 'note', arguments: { text: 'hi' } })).toEqual({
      status: 'rejected',
      by: 'approval',
      reason: `The user declined: ${asked[0]}`,
    });
    expect(asked.length).toBe(1);
    expect(
      events.flatMap((event) =>
        event.type === 'approval-decision' ? [{ ...event, call: event.call.id }] : [],
      ),
    ).toEqual([
      {
        type: 'approval-decision',
        call: 'n1',
        by: 'rule',
        outcome: 'ask',
        mode: 'auto',
        rule: { text: 'note', source: 'config.json' },
      },
    ]);
  });
});
