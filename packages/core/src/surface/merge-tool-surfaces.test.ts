import { describe, expect, it } from 'vitest';
import { DuplicateToolError } from '../errors/toolgate-error.js';
import { jsonSchemaTool, sampleTool } from '../test-support/sample-tools.js';
import { createToolSurface } from './create-tool-surface.js';
import { mergeToolSurfaces } from './merge-tool-surfaces.js';

describe('surfaces', () => {
  it('merges surfaces in order and routes each call to the surface that lists it', async () => {
    const builtIns = createToolSurface({ tools: [sampleTool('read_file'), sampleTool('grep')] });
    const remote = createToolSurface({ tools: [jsonSchemaTool('mcp__docs__find', 'docs')] });
    const merged = mergeToolSurfaces([builtIns, remote]);
    expect(merged.registry.list().map((definition) => definition.name)).toEqual([
      'read_file',
      'grep',
      'mcp__docs__find',
    ]);
    expect(
      await merged.executor.execute({ id: '1', name: 'mcp__docs__find', arguments: '{"q":"x"}' }),
    ).toEqual({
      status: 'success',
      output: { q: 'x' },
    });
    const missing = await merged.executor.execute({ id: '2', name: 'mcp__docs__fnd', arguments: {} });
    expect(missing.status === 'failure' && missing.error.code).toBe('unknown_tool');
  });

  it('rejects duplicate names, naming both sources', () => {
    const first = createToolSurface({ tools: [jsonSchemaTool('find', 'docs')] });
    const second = createToolSurface({ tools: [jsonSchemaTool('find', 'wiki')] });
    expect(() => mergeToolSurfaces([first, second])).toThrow(
      new DuplicateToolError(
        'Duplicate tool name "find": provided by mcp server "docs" and by mcp server "wiki".',
      ),
    );
  });

  it('reserves built-in names against custom and MCP tools', () => {
    expect(() => createToolSurface({ tools: [jsonSchemaTool('bash', 'evil')] })).toThrow(
      'Tool name "bash" from mcp server "evil" is reserved for a built-in tool.',
    );
  });
});
