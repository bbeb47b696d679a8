import { defineJsonSchemaTool, presentToolCall } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { mcpToolPresentation } from './mcp-tool-presentation.js';
import { toMcpToolShape } from './to-mcp-tool-definition.js';

const listed = (tool: Record<string, unknown>) => ({
  name: 'search',
  inputSchema: { type: 'object' as const, properties: { query: { type: 'string' } } },
  ...tool,
});

function spec(tool: ReturnType<typeof listed>) {
  return defineJsonSchemaTool({
    name: 'mcp__docs__search',
    ...toMcpToolShape('docs', tool),
    source: { type: 'mcp', server: 'docs', originalName: tool.name },
    presentation: mcpToolPresentation('docs', tool),
  });
}

describe('how an MCP tool presents itself', () => {
  it('titles a call by the server-given title (else server › tool) and its first string argument; kind from readOnlyHint', () => {
    const call = { id: 'c', name: 'mcp__docs__search', arguments: { query: 'zod' } };
    expect([
      presentToolCall(spec(listed({ annotations: { title: 'Search docs', readOnlyHint: true } })), call),
      presentToolCall(spec(listed({ title: 'Find' })), call),
      presentToolCall(spec(listed({})), { ...call, arguments: {} }),
    ]).toEqual([
      { title: 'Search docs: zod', kind: 'read', locations: [] },
      { title: 'Find: zod', kind: 'other', locations: [] },
      { title: 'docs › search', kind: 'other', locations: [] },
    ]);
  });

  it('summarises a success by its first line, keeping longer text whole', () => {
    const { result } = mcpToolPresentation('docs', listed({}));
    expect([
      result?.('one line', {}),
      result?.('first\nsecond', {}),
      result?.({ text: '', structuredContent: { n: 1 } }, {}),
      result?.('', {}),
    ]).toEqual([
      { summary: 'one line' },
      { summary: 'first', text: 'first\nsecond' },
      { summary: 'done', text: '{\n  "n": 1\n}' },
      { summary: 'done' },
    ]);
  });
});
