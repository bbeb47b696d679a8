import { isValidToolName } from '@toolgate/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMcpToolName } from './to-mcp-tool-name.js';

describe('toMcpToolName', () => {
  it('namespaces a tool as mcp__<server>__<tool>', () => {
    expect(toMcpToolName('github', 'create_issue')).toBe('mcp__github__create_issue');
  });

  it('replaces characters outside [A-Za-z0-9_-] and collapses __ in the server part', () => {
    expect(toMcpToolName('my.server', 'read file/v2')).toBe('mcp__my_server__read_file_v2');
    expect(toMcpToolName('a__b', 'c')).toBe('mcp__a_b__c');
    expect(toMcpToolName('', '')).toBe('mcp______');
  });

  it('cuts names over 64 characters and ends them with a stable hash of the original names', () => {
    const long = toMcpToolName('server', 'a'.repeat(80));
    expect(long).toBe(`mcp__server__${'a'.repeat(42)}_933d63ae`);
    expect(long).toHaveLength(64);
    expect(toMcpToolName('server', `${'a'.repeat(80)}b`)).not.toBe(long);
  });

  it('always gives a valid wire name', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (server, tool) => {
        expect(isValidToolName(toMcpToolName(server, tool))).toBe(true);
      }),
    );
  });
});
