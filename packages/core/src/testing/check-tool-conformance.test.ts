import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolFailure, toolSuccess } from '../result/tool-result.js';
import { sampleTool } from '../test-support/sample-tools.js';
import { defineJsonSchemaTool } from '../tool/define-json-schema-tool.js';
import { defineTool } from '../tool/define-tool.js';
import { implementTool } from '../tool/tool.js';
import { checkToolConformance } from './check-tool-conformance.js';

describe('checkToolConformance', () => {
  it('passes a well-behaved tool', async () => {
    expect(await checkToolConformance([sampleTool('strict')])).toEqual([]);
  });

  it('reports a tool that accepts bad input and a duplicate name', async () => {
    const lax = implementTool(
      defineJsonSchemaTool({ name: 'lax', description: 'Takes anything.', inputSchema: { type: 'object' } }),
      { execute: async () => toolSuccess('ok') },
    );
    expect(await checkToolConformance([lax, sampleTool('lax')])).toEqual([
      'lax: duplicate name',
      'lax: bad input {"__unknown_field__":true} gave success, expected failure',
      'lax: bad input {"path":12,"pattern":false,"command":[],"action":{"a":1},"patch":7,"content":3} gave success, expected failure',
    ]);
  });

  it('aborts a call while the tool executes, and reports a tool that ignores its signal', async () => {
    const spec = defineTool({ name: 'wait', description: 'Waits.', input: z.object({ ms: z.number() }) });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const deaf = implementTool(spec, {
      async execute(input) {
        await pause(input.ms);
        return toolSuccess('done anyway');
      },
    });
    const listening = implementTool(spec, {
      async execute(input, context) {
        await pause(input.ms);
        return context.signal.aborted ? toolFailure('aborted', 'wait was cancelled.') : toolSuccess('done');
      },
    });
    const options = { abortWhileExecuting: { wait: { ms: 5 } } };
    expect(await checkToolConformance([deaf], options)).toEqual([
      `wait: aborted while executing, it gave {"status":"success","output":"done anyway"}, expected failure{code:'aborted'} (the tool ignores its signal)`,
    ]);
    expect(await checkToolConformance([listening], options)).toEqual([]);
  });
});
