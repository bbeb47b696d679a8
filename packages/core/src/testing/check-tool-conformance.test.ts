import { describe, expect, it } from 'vitest';
import { toolSuccess } from '../result/tool-result.js';
import { sampleTool } from '../test-support/sample-tools.js';
import { defineJsonSchemaTool } from '../tool/define-json-schema-tool.js';
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
});
