import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApprovalMode } from '../approval/approval-mode.js';
import type { ApprovalRequest } from '../approval/approval-request.js';
import type { ApprovalRules } from '../approval/approval-rules.js';
import type { ApprovalAnswer } from '../approval/approver.js';
import type { ToolDecorator } from '../executor/tool-invocation.js';
import { toolFailure, toolSuccess } from '../result/tool-result.js';
import { createToolSurface } from '../surface/create-tool-surface.js';
import { defineTool } from '../tool/define-tool.js';
import { quotingFailure } from '../tool/quoting-failure.js';
import { implementTool } from '../tool/tool.js';
import { standardDecorators } from './standard-decorators.js';
import { withValidation } from './with-validation.js';

const QUOTED = toolFailure('edit_no_match', 'not found; the closest line is `token = 42`');
const UNQUOTED = toolFailure('edit_no_match', 'not found; read the file to see it');

/** A tool whose every call cannot run, with a failure that quotes the file it reads. */
const replace = implementTool(
  defineTool({
    name: 'replace',
    description: 'Replaces text.',
    input: z.object({ path: z.string() }),
    kind: 'edit',
  }),
  {
    async prepare(input) {
      return quotingFailure(QUOTED, UNQUOTED, {
        lines: [`Replace in ${input.path}`],
        locations: [input.path],
      });
    },
    async execute() {
      return toolSuccess('never');
    },
  },
);

async function call(options: {
  mode: ApprovalMode;
  rules?: ApprovalRules;
  before?: ToolDecorator[];
  answer?: ApprovalAnswer | 'no approver';
}) {
  const asked: string[] = [];
  const answer = options.answer ?? 'allow_once';
  const surface = createToolSurface({
    tools: [replace],
    decorators: standardDecorators({
      approval: {
        mode: options.mode,
        ...(options.rules ? { rules: options.rules } : {}),
        ...(answer === 'no approver'
          ? {}
          : {
              approver: async (request: ApprovalRequest) => {
                asked.push(`${request.detail} | ${request.diff ?? 'no diff'}`);
                return answer;
              },
            }),
      },
      ...(options.before ? { before: options.before } : {}),
    }),
  });
  const result = await surface.executor.execute({ id: 'q1', name: 'replace', arguments: { path: 'a.ts' } });
  return { result, asked };
}

describe('a preflight failure that quotes a file', () => {
  it('is quoted when the call runs unasked', async () => {
    expect(await call({ mode: 'auto' })).toEqual({ result: QUOTED, asked: [] });
  });

  it('is asked about first when the call would ask, and quoted only once approved', async () => {
    expect(await call({ mode: 'manual' })).toEqual({ result: QUOTED, asked: ['Replace in a.ts | no diff'] });
    const ask: ApprovalRules = async () => ({ decision: 'ask', reason: 'an ask rule' });
    expect(await call({ mode: 'auto', rules: ask })).toEqual({
      result: QUOTED,
      asked: ['Replace in a.ts | no diff'],
    });
  });

  it("is the approver's rejection when the approver rejects, and a rejection without an approver", async () => {
    expect(await call({ mode: 'manual', answer: 'reject_once' })).toEqual({
      result: { status: 'rejected', by: 'approval', reason: 'The user declined: Replace in a.ts' },
      asked: ['Replace in a.ts | no diff'],
    });
    expect(await call({ mode: 'manual', answer: 'no approver' })).toEqual({
      result: {
        status: 'rejected',
        by: 'approval',
        reason:
          'No approver is configured, so this replace call, which needs approval in manual mode, was rejected and did not run: Replace in a.ts. ' +
          'Configure one with standardDecorators({ approval: { mode, approver } }), or choose mode "auto" to run every call unasked.',
      },
      asked: [],
    });
  });

  it("is the rule's rejection when a rule denies the call, judged by the paths it names", async () => {
    const deny: ApprovalRules = async (request) =>
      request.locations?.includes('a.ts') ? { decision: 'deny', reason: 'denied a.ts' } : undefined;
    expect(await call({ mode: 'auto', rules: deny })).toEqual({
      result: { status: 'rejected', by: 'rule', reason: 'denied a.ts' },
      asked: [],
    });
  });

  it('is quoted when a preToolUse hook approved the call', async () => {
    const approve: ToolDecorator = (invocation, next) => {
      invocation.preApproved = { by: 'hook', source: 'hook.sh' };
      return next();
    };
    expect(await call({ mode: 'manual', before: [approve] })).toEqual({ result: QUOTED, asked: [] });
  });

  it('is unquoted when no approval decorator decides, and quoted for a direct call', async () => {
    const bare = createToolSurface({ tools: [replace], decorators: [withValidation()] });
    expect(await bare.executor.execute({ id: 'q2', name: 'replace', arguments: { path: 'a.ts' } })).toEqual(
      UNQUOTED,
    );
    const direct = await replace.execute(
      { path: 'a.ts' },
      { callId: 'q3', signal: new AbortController().signal },
    );
    expect(direct).toEqual(QUOTED);
  });
});
