import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApprovalMemory } from '../approval/approval-memory.js';
import type { ApprovalAnswer, Approver } from '../approval/approver.js';
import { standardDecorators } from '../decorators/standard-decorators.js';
import type { ToolEvent } from '../events/tool-event.js';
import { toolFailure, toolSuccess } from '../result/tool-result.js';
import { defineTool } from '../tool/define-tool.js';
import { implementTool } from '../tool/tool.js';
import { createToolSurface } from './create-tool-surface.js';

const echoSpec = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  input: z.object({ text: z.string(), times: z.number().int().positive().optional() }),
  kind: 'other',
});

function echoTool(log: string[] = []) {
  return implementTool(echoSpec, {
    async prepare(input) {
      log.push('prepare');
      if (input.text === 'refuse') return toolFailure('not_found', 'refused in preflight');
      return { status: 'ready', plan: input.text.toUpperCase(), preview: { lines: [`Echo ${input.text}`] } };
    },
    async execute(input, context) {
      log.push('execute');
      return toolSuccess({ text: context.plan, times: input.times ?? 1 });
    },
  });
}

function approverAnswering(answer: ApprovalAnswer, asked: string[]): Approver {
  return async (request) => {
    asked.push(request.detail);
    return answer;
  };
}

describe('createToolSurface', () => {
  it('runs a call through validation, preflight and the tool', async () => {
    const log: string[] = [];
    const surface = createToolSurface({
      tools: [echoTool(log)],
      decorators: standardDecorators({ approval: { mode: 'auto' } }),
    });
    const result = await surface.executor.execute({
      id: 'c1',
      name: 'echo',
      arguments: '{"text":"hi","times":null}',
    });
    expect(result).toEqual({ status: 'success', output: { text: 'HI', times: 1 } });
    expect(log).toEqual(['prepare', 'execute']);
  });

  it('reports an unknown tool with the closest name and the available ones', async () => {
    const surface = createToolSurface({ tools: [echoTool()] });
    const result = await surface.executor.execute({ id: 'c1', name: 'ecko', arguments: {} });
    expect(result).toEqual({
      status: 'failure',
      error: {
        code: 'unknown_tool',
        message: 'Unknown tool "ecko". Did you mean "echo"? Available tools: echo.',
        details: { available: ['echo'], closest: 'echo' },
      },
    });
  });

  it('refuses invalid JSON, wrong types and unknown fields before approval', async () => {
    const asked: string[] = [];
    const surface = createToolSurface({
      tools: [echoTool()],
      decorators: standardDecorators({
        approval: { mode: 'manual', approver: approverAnswering('allow_once', asked) },
      }),
    });
    const bad = await surface.executor.execute({ id: 'c', name: 'echo', arguments: '{"text":' });
    expect(bad.status === 'failure' && bad.error.code).toBe('invalid_arguments');
    const wrong = await surface.executor.execute({ id: 'c', name: 'echo', arguments: { text: 5, txt: 'x' } });
    expect(wrong).toEqual({
      status: 'failure',
      error: {
        code: 'invalid_arguments',
        message:
          'Invalid arguments for echo: unknown field `txt` — did you mean `text`? (known fields: text, times); `text`: expected string, received number; got number 5.',
      },
    });
    expect(asked).toEqual([]);
  });

  it('asks in manual mode, shows the preview, and runs only when allowed', async () => {
    const asked: string[] = [];
    const allow = createToolSurface({
      tools: [echoTool()],
      decorators: standardDecorators({
        approval: { mode: 'manual', approver: approverAnswering('allow_once', asked) },
      }),
    });
    expect((await allow.executor.execute({ id: 'c', name: 'echo', arguments: { text: 'a' } })).status).toBe(
      'success',
    );
    const log: string[] = [];
    const reject = createToolSurface({
      tools: [echoTool(log)],
      decorators: standardDecorators({
        approval: { mode: 'manual', approver: approverAnswering('reject_once', asked) },
      }),
    });
    expect(await reject.executor.execute({ id: 'c', name: 'echo', arguments: { text: 'b' } })).toEqual({
      status: 'rejected',
      by: 'approval',
      reason: 'The user declined: Echo b',
    });
    expect(log).toEqual(['prepare']);
    expect(asked).toEqual(['Echo a', 'Echo b']);
  });

  it('never asks when preflight fails', async () => {
    const asked: string[] = [];
    const surface = createToolSurface({
      tools: [echoTool()],
      decorators: standardDecorators({
        approval: { mode: 'manual', approver: approverAnswering('allow_once', asked) },
      }),
    });
    const result = await surface.executor.execute({ id: 'c', name: 'echo', arguments: { text: 'refuse' } });
    expect(result).toEqual({
      status: 'failure',
      error: { code: 'not_found', message: 'refused in preflight' },
    });
    expect(asked).toEqual([]);
  });

  it('remembers allow_always for the session and emits events in order', async () => {
    const asked: string[] = [];
    const events: ToolEvent['type'][] = [];
    const surface = createToolSurface({
      tools: [echoTool()],
      decorators: standardDecorators({
        onEvent: (event) => events.push(event.type),
        approval: {
          mode: 'manual',
          approver: approverAnswering('allow_always', asked),
          memory: createApprovalMemory(),
        },
      }),
    });
    await surface.executor.execute({ id: 'c', name: 'echo', arguments: { text: 'a' } });
    await surface.executor.execute({ id: 'c', name: 'echo', arguments: { text: 'b' } });
    expect(asked).toEqual(['Echo a']);
    expect(events).toEqual([
      'tool-call-start',
      'approval-decision',
      'approval-request',
      'approval-answer',
      'tool-call-end',
      'tool-call-start',
      'approval-decision',
      'approval-answer',
      'tool-call-end',
    ]);
  });

  it('carries the feedback of a rejection to the result and the answer event', async () => {
    const events: ToolEvent[] = [];
    const surface = createToolSurface({
      tools: [echoTool()],
      decorators: standardDecorators({
        onEvent: (event) => events.push(event),
        approval: {
          mode: 'manual',
          approver: async () => ({ kind: 'reject_once', feedback: 'use pnpm, not npm' }),
        },
      }),
    });
    expect(await surface.executor.execute({ id: 'c', name: 'echo', arguments: { text: 'npm i' } })).toEqual({
      status: 'rejected',
      by: 'approval',
      reason: 'The user declined: Echo npm i',
      feedback: 'use pnpm, not npm',
    });
    expect(events.find((event) => event.type === 'approval-answer')).toMatchObject({
      answer: 'reject_once',
      feedback: 'use pnpm, not npm',
      remembered: false,
    });
  });

  it('fails closed by default: with no approval settings a call that needs approval is rejected, saying how to configure one', async () => {
    const log: string[] = [];
    const surface = createToolSurface({ tools: [echoTool(log)], decorators: standardDecorators() });
    expect(await surface.executor.execute({ id: 'c', name: 'echo', arguments: { text: 'a' } })).toEqual({
      status: 'rejected',
      by: 'approval',
      reason:
        'No approver is configured, so this echo call, which needs approval in safe mode, was rejected and did not run: Echo a. ' +
        'Configure one with standardDecorators({ approval: { mode, approver } }), or choose mode "auto" to run every call unasked.',
    });
    expect(log).toEqual(['prepare']);
    const explicitAuto = createToolSurface({
      tools: [echoTool()],
      decorators: standardDecorators({ approval: { mode: 'auto' } }),
    });
    expect(
      (await explicitAuto.executor.execute({ id: 'c', name: 'echo', arguments: { text: 'a' } })).status,
    ).toBe('success');
  });

  it('fails closed when the approver throws or there is none', async () => {
    const throwing = createToolSurface({
      tools: [echoTool()],
      decorators: standardDecorators({
        approval: {
          mode: 'manual',
          approver: async () => {
            throw new Error('terminal gone');
          },
        },
      }),
    });
    expect(
      (await throwing.executor.execute({ id: 'c', name: 'echo', arguments: { text: 'a' } })).status,
    ).toBe('rejected');
    const none = createToolSurface({
      tools: [echoTool()],
      decorators: standardDecorators({ approval: { mode: 'safe' } }),
    });
    expect((await none.executor.execute({ id: 'c', name: 'echo', arguments: { text: 'a' } })).status).toBe(
      'rejected',
    );
  });

  it('turns a throwing tool into internal_error and an aborted signal into aborted', async () => {
    const throwing = implementTool(echoSpec, {
      async execute() {
        throw new Error('boom');
      },
    });
    const surface = createToolSurface({ tools: [throwing] });
    expect(await surface.executor.execute({ id: 'c', name: 'echo', arguments: { text: 'a' } })).toEqual({
      status: 'failure',
      error: { code: 'internal_error', message: 'echo failed unexpectedly: boom' },
    });
    const controller = new AbortController();
    controller.abort();
    const aborted = await surface.executor.execute(
      { id: 'c', name: 'echo', arguments: {} },
      { signal: controller.signal },
    );
    expect(aborted.status === 'failure' && aborted.error.code).toBe('aborted');
  });
});
