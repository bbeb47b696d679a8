import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApprovalMemory } from '../approval/approval-memory.js';
import type { ApprovalMode } from '../approval/approval-mode.js';
import type { ApprovalRules } from '../approval/approval-rules.js';
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
    async prepare(input) {
      return { status: 'ready', plan: undefined, preview: { lines: [`Note ${input.text}`] } };
    },
    async execute(input) {
      return toolSuccess({ wrote: input.text });
    },
  },
);

/** A surface whose rules decide by the note's text, recording every question the approver got. */
function surfaceWith(mode: ApprovalMode, rules: ApprovalRules, asked: string[]) {
  return createToolSurface({
    tools: [note],
    decorators: standardDecorators({
      approval: {
        mode,
        rules,
        memory: createApprovalMemory(),
        approver: async (request) => {
          asked.push(request.detail);
          return 'allow_always';
        },
      },
    }),
  });
}

const byText: ApprovalRules = async (request) => {
  const text = (request.input as { text: string }).text;
  if (text === 'secret')
    return { decision: 'deny', reason: 'the deny rule "note(secret)" in config.json matches' };
  if (text === 'free') return { decision: 'allow', reason: 'allowed' };
  if (text === 'careful') return { decision: 'ask', reason: 'asked' };
  return undefined;
};

const call = (text: string) => ({ id: 'c', name: 'note', arguments: { text } });

describe('withApproval with permission rules', () => {
  it('refuses a denied call as rejected by rule, without asking, whatever the mode', async () => {
    const asked: string[] = [];
    const surface = surfaceWith('auto', byText, asked);
    expect(await surface.executor.execute(call('secret'))).toEqual({
      status: 'rejected',
      by: 'rule',
      reason: 'the deny rule "note(secret)" in config.json matches',
    });
    expect(asked).toEqual([]);
  });

  it('runs an allowed call unasked even in manual mode', async () => {
    const asked: string[] = [];
    const result = await surfaceWith('manual', byText, asked).executor.execute(call('free'));
    expect([result, asked]).toEqual([{ status: 'success', output: { wrote: 'free' } }, []]);
  });

  it('asks for an ask rule even in auto mode, and every time despite an "always" answer', async () => {
    const asked: string[] = [];
    const surface = surfaceWith('auto', byText, asked);
    await surface.executor.execute(call('careful'));
    await surface.executor.execute(call('careful'));
    expect(asked).toEqual(['Note careful', 'Note careful']);
  });

  it('leaves calls no rule speaks to to the mode table', async () => {
    const asked: string[] = [];
    const surface = surfaceWith('manual', byText, asked);
    await surface.executor.execute(call('other'));
    expect(asked).toEqual(['Note other']);
  });

  it('denies the call when the rules throw (fail closed)', async () => {
    const asked: string[] = [];
    const broken: ApprovalRules = async () => {
      throw new Error('rules file unreadable');
    };
    expect(await surfaceWith('auto', broken, asked).executor.execute(call('x'))).toEqual({
      status: 'rejected',
      by: 'rule',
      reason: 'The permission rules could not be checked (rules file unreadable), so the call did not run.',
    });
  });
});
