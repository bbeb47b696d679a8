import { describe, expect, it } from 'vitest';
import { createToolSurface } from '../surface/create-tool-surface.js';
import { jsonSchemaTool, sampleTool } from '../test-support/sample-tools.js';
import { resolveToolPolicy } from './resolve-tool-policy.js';

const base = createToolSurface({
  tools: [
    sampleTool('bash'),
    sampleTool('read_file', { annotations: { readOnly: true } }),
    sampleTool('write_file'),
    sampleTool('grep', { annotations: { readOnly: true } }),
    jsonSchemaTool('mcp__github__search', 'github'),
    jsonSchemaTool('mcp__github__create_issue', 'github'),
  ],
});

const names = (surface: typeof base) => surface.registry.list().map((definition) => definition.name);

describe('resolveToolPolicy', () => {
  it('keeps the parent surface when allowedTools is undefined', () => {
    expect(names(resolveToolPolicy(base, { name: 'all' }))).toEqual(names(base));
  });

  it('shows no tools for an empty allowedTools list', () => {
    expect(names(resolveToolPolicy(base, { name: 'none', allowedTools: [] }))).toEqual([]);
  });

  it('filters by exact names and globs', () => {
    const child = resolveToolPolicy(base, { name: 'gh', allowedTools: ['read_file', 'mcp__github__*'] });
    expect(names(child)).toEqual(['read_file', 'mcp__github__search', 'mcp__github__create_issue']);
  });

  it('removes every tool that can write under read_only isolation', () => {
    const child = resolveToolPolicy(base, { name: 'explore', isolation: 'read_only' });
    expect(names(child)).toEqual(['read_file', 'grep']);
  });

  it('never makes a child wider than its parent', () => {
    const parent = resolveToolPolicy(base, { name: 'parent', allowedTools: ['read_file', 'grep'] });
    const child = resolveToolPolicy(base, { name: 'child', allowedTools: ['read_file', 'bash'] }, parent);
    expect(names(child)).toEqual(['read_file']);
    const inheriting = resolveToolPolicy(base, { name: 'inherits' }, parent);
    expect(names(inheriting)).toEqual(['read_file', 'grep']);
  });

  it('rejects a call to a hidden tool by policy and runs a visible one', async () => {
    const child = resolveToolPolicy(base, { name: 'explore', isolation: 'read_only' });
    expect(await child.executor.execute({ id: '1', name: 'bash', arguments: { command: 'ls' } })).toEqual({
      status: 'rejected',
      by: 'policy',
      reason: 'Tool is not allowed in this session (agent "explore"): bash',
    });
    expect(await child.executor.execute({ id: '2', name: 'grep', arguments: {} })).toEqual({
      status: 'success',
      output: { tool: 'grep', input: {} },
    });
    expect(child.executor.canExecute('bash')).toBe(false);
  });

  it('does not reveal hidden tools when the name is unknown', async () => {
    const child = resolveToolPolicy(base, { name: 'explore', isolation: 'read_only' });
    const result = await child.executor.execute({ id: '3', name: 'nope', arguments: {} });
    expect(result.status === 'failure' && result.error.message).toBe(
      'Unknown tool "nope". Available tools: read_file, grep.',
    );
  });
});
