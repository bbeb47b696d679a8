import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApprovalMemory } from '../approval/approval-memory.js';
import type { ApprovalRules } from '../approval/approval-rules.js';
import { toolSuccess } from '../result/tool-result.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import { defineTool } from '../tool/define-tool.js';
import { implementTool } from '../tool/tool.js';
import type { ApprovalOptions } from './with-approval.js';
import { withApprovalExplanation } from './with-approval-explanation.js';

const executed: string[] = [];
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
      executed.push(input.text);
      return toolSuccess({ wrote: input.text });
    },
  },
);

const rules: ApprovalRules = async (request) =>
  (request.input as { text: string }).text === 'secret'
    ? {
        decision: 'deny',
        reason: 'the deny rule "note(secret)" in c.json',
        rule: { text: 'note(secret)', source: 'c.json' },
      }
    : undefined;

const explain = (options: ApprovalOptions, text: unknown) =>
  createToolSurface({ tools: [note], decorators: [withApprovalExplanation(options)] }).executor.execute(
    { id: 'c', name: 'note', arguments: { text } },
    { signal: new AbortController().signal },
  );

describe('withApprovalExplanation', () => {
  it('names the rule that decides, and runs neither the approver nor the tool', async () => {
    let asked = 0;
    const result = await explain(
      {
        mode: 'auto',
        rules,
        approver: async () => {
          asked += 1;
          return 'allow_once';
        },
      },
      'secret',
    );
    expect(result).toEqual({
      status: 'success',
      output: {
        outcome: 'reject',
        by: 'rule',
        verdict: {
          decision: 'deny',
          reason: 'the deny rule "note(secret)" in c.json',
          rule: { text: 'note(secret)', source: 'c.json' },
        },
        tool: 'note',
        detail: 'Note secret',
        approver: true,
      },
    });
    expect([asked, executed]).toEqual([0, []]);
  });

  it('falls back to a remembered answer, then to the mode row', async () => {
    const memory = createApprovalMemory();
    memory.set('note', 'allow');
    expect(await explain({ mode: 'safe', rules, memory }, 'a')).toMatchObject({
      output: { outcome: 'run', by: 'memory', remembered: 'allow' },
    });
    expect(await explain({ mode: 'safe', rules }, 'a')).toMatchObject({
      output: { outcome: 'ask', by: 'mode', mode: 'safe', declared: false, approver: false },
    });
    expect(await explain({ mode: 'auto' }, 'a')).toMatchObject({
      output: { outcome: 'run', by: 'mode', mode: 'auto' },
    });
    expect(executed).toEqual([]);
  });

  it('answers a call that cannot run with its failure, before any decision', async () => {
    expect(await explain({ mode: 'auto' }, 42)).toMatchObject({
      status: 'failure',
      error: { code: 'invalid_arguments' },
    });
  });
});
