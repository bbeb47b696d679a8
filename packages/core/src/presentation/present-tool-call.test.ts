import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolSuccess } from '../result/tool-result.js';
import { defineTool } from '../tool/define-tool.js';
import { implementTool } from '../tool/tool.js';
import type { ToolCall } from '../tool/tool-call.js';
import { presentToolCall } from './present-tool-call.js';

const INPUT = z.object({ path: z.string(), note: z.string().optional() });

function tool(options: Partial<Parameters<typeof defineTool<typeof INPUT>>[0]> = {}) {
  return implementTool(
    defineTool({ name: 'touch', description: 'Touches a file.', input: INPUT, kind: 'edit', ...options }),
    { execute: async () => toolSuccess('ok') },
  );
}

const call = (args: NonNullable<ToolCall['arguments']>) => ({ id: 'c1', name: 'touch', arguments: args });

describe('presentToolCall', () => {
  it("shows a call by the tool's declaration", () => {
    const declared = tool({
      presentation: {
        call: (input) => ({ title: `Touch ${input.path}`, kind: 'delete', locations: [input.path] }),
      },
    });
    expect(presentToolCall(declared, call({ path: 'a.txt' }))).toEqual({
      title: 'Touch a.txt',
      kind: 'delete',
      locations: ['a.txt'],
    });
  });

  it("falls back to the approval summary's lines, kind and locations", () => {
    const summarized = tool({
      approval: {
        summarize: (input) => ({ lines: [`Touch ${input.path}`, 'twice'], locations: [input.path] }),
      },
    });
    expect(presentToolCall(summarized, call('{"path":"b.txt"}'))).toEqual({
      title: 'Touch b.txt, twice',
      kind: 'edit',
      locations: ['b.txt'],
    });
  });

  it('titles an undeclared tool by its annotated title (else its name) and first string argument', () => {
    expect(presentToolCall(tool(), call({ path: 'c.txt' }))).toEqual({
      title: 'touch c.txt',
      kind: 'edit',
      locations: [],
    });
    const titled = tool({ annotations: { title: 'Touch file' } });
    expect(presentToolCall(titled, call({ path: 'c.txt' })).title).toBe('Touch file c.txt');
  });

  it('shows arguments that do not parse, an unknown tool and a declaration that throws by what is known', () => {
    expect(presentToolCall(tool(), call('{not json'))).toEqual({
      title: 'touch',
      kind: 'edit',
      locations: [],
    });
    expect(presentToolCall(tool(), call({ path: 3, note: 'n' }))).toEqual({
      title: 'touch n',
      kind: 'edit',
      locations: [],
    });
    expect(presentToolCall(undefined, { id: 'c', name: 'gone', arguments: {} })).toEqual({
      title: 'gone',
      kind: 'other',
      locations: [],
    });
    const throwing = tool({
      presentation: {
        call: () => {
          throw new Error('bug');
        },
      },
    });
    expect(presentToolCall(throwing, call({ path: 'd' })).title).toBe('touch d');
  });

  it('makes the title one escaped line of at most 120 characters', () => {
    const presented = presentToolCall(tool(), call({ path: `x\n\u001b[2Ky${'z'.repeat(200)}` }));
    expect(presented.title).toBe(`touch x \\e[2Ky${'z'.repeat(105)}…`);
    expect(presented.title).toHaveLength(120);
  });
});
