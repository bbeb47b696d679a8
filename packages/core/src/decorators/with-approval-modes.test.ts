import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApprovalMemory } from '../approval/approval-memory.js';
import type { ApprovalMode } from '../approval/approval-mode.js';
import type { ApprovalRules } from '../approval/approval-rules.js';
import { serializeToolResult } from '../result/serialize-tool-result.js';
import { toolSuccess } from '../result/tool-result.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import { defineTool } from '../tool/define-tool.js';
import { implementTool } from '../tool/tool.js';
import { standardDecorators } from './standard-decorators.js';
import { withApprovalExplanation } from './with-approval-explanation.js';

const ran: string[] = [];

const note = implementTool(
  defineTool({
    name: 'note',
    description: 'Writes a note in the workspace.',
    input: z.object({ text: z.string() }),
    kind: 'edit',
    approval: { workspaceEdit: true, summarize: (input) => ({ lines: [`Note ${input.text}`] }) },
  }),
  {
    async execute(input) {
      ran.push(`note ${input.text}`);
      return toolSuccess('noted');
    },
  },
);

const look = implementTool(
  defineTool({
    name: 'look',
    description: 'Reads.',
    input: z.object({}),
    kind: 'read',
    annotations: { readOnly: true },
  }),
  {
    async execute() {
      ran.push('look');
      return toolSuccess('seen');
    },
  },
);

const command = implementTool(
  defineTool({
    name: 'command',
    description: 'Runs something.',
    input: z.object({ line: z.string() }),
    kind: 'execute',
    approval: { rule: { plan: 'ask' }, summarize: (input) => ({ lines: [input.line] }) },
  }),
  {
    async execute(input) {
      ran.push(`command ${input.line}`);
      return toolSuccess('done');
    },
  },
);

function surfaceWith(mode: ApprovalMode, asked: string[], rules?: ApprovalRules) {
  const memory = createApprovalMemory();
  return {
    memory,
    surface: createToolSurface({
      tools: [note, look, command],
      decorators: standardDecorators({
        approval: {
          mode,
          memory,
          ...(rules ? { rules } : {}),
          approver: async (request) => {
            asked.push(request.detail);
            return 'allow_once';
          },
        },
      }),
    }),
  };
}

const allowEverything: ApprovalRules = async () => ({ decision: 'allow', reason: 'allowed by a rule' });
const askEverything: ApprovalRules = async () => ({ decision: 'ask', reason: 'asked by a rule' });

describe('withApproval per mode', () => {
  it('plan: reads run, a write is refused by the mode with advice the model reads, a command asks; the turn is not stopped', async () => {
    ran.length = 0;
    const asked: string[] = [];
    const { surface } = surfaceWith('plan', asked);
    const wrote = await surface.executor.execute({ id: '1', name: 'note', arguments: { text: 'x' } });
    expect(wrote).toMatchObject({ status: 'rejected', by: 'mode' });
    expect(serializeToolResult(wrote, { id: '1', name: 'note' })).toBe(
      '[approval-rejected] plan mode: this call would change something, so it did not run: Note x. Propose the change instead: present your plan, and the person switches to a mode that lets it run once they approve it.',
    );
    await surface.executor.execute({ id: '2', name: 'look', arguments: {} });
    await surface.executor.execute({ id: '3', name: 'command', arguments: { line: 'ls' } });
    expect([ran, asked]).toEqual([['look', 'command ls'], ['ls']]);
  });

  it('plan: an allow rule and a remembered allow do not let a write through', async () => {
    ran.length = 0;
    const asked: string[] = [];
    const { surface, memory } = surfaceWith('plan', asked, allowEverything);
    memory.set('note', 'allow');
    const result = await surface.executor.execute({ id: '1', name: 'note', arguments: { text: 'x' } });
    expect([result.status, ran, asked]).toEqual(['rejected', [], []]);
  });

  it('accept-edits: a workspace edit runs unasked, a command still asks', async () => {
    ran.length = 0;
    const asked: string[] = [];
    const { surface } = surfaceWith('accept-edits', asked);
    await surface.executor.execute({ id: '1', name: 'note', arguments: { text: 'x' } });
    await surface.executor.execute({ id: '2', name: 'command', arguments: { line: 'make' } });
    expect([ran, asked]).toEqual([['note x', 'command make'], ['make']]);
  });

  it('dont-ask: what safe would ask is refused without a question, an ask rule too; an allow rule pre-approves', async () => {
    ran.length = 0;
    const asked: string[] = [];
    const refused = await surfaceWith('dont-ask', asked).surface.executor.execute({
      id: '1',
      name: 'command',
      arguments: { line: 'make' },
    });
    expect(refused).toMatchObject({ status: 'rejected', by: 'mode' });
    expect(serializeToolResult(refused, { id: '1', name: 'command' })).toContain(
      "dont-ask mode: this call would need a person's approval and nobody is asked in dont-ask mode, so it did not run: make.",
    );
    const byRule = await surfaceWith('dont-ask', asked, askEverything).surface.executor.execute({
      id: '2',
      name: 'look',
      arguments: {},
    });
    expect(byRule).toMatchObject({ status: 'rejected', by: 'mode' });
    await surfaceWith('dont-ask', asked, allowEverything).surface.executor.execute({
      id: '3',
      name: 'command',
      arguments: { line: 'npm test' },
    });
    expect([ran, asked]).toEqual([['command npm test'], []]);
  });
});

describe('withApprovalExplanation per mode', () => {
  it('says when plan mode beats an allow rule', async () => {
    const surface = createToolSurface({
      tools: [note],
      decorators: [withApprovalExplanation({ mode: 'plan', rules: allowEverything })],
    });
    const result = await surface.executor.execute({ id: '1', name: 'note', arguments: { text: 'x' } });
    expect(result).toMatchObject({
      status: 'success',
      output: { outcome: 'reject', by: 'mode', mode: 'plan', overrode: { decision: 'allow' } },
    });
  });
});
