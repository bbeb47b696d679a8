import { describe, expect, it } from 'vitest';
import { presentToolCall } from './tool-call-presentation.js';

const root = '/work/project';
const patch = (...body: string[]) => ({ patch: ['*** Begin Patch', ...body, '*** End Patch'].join('\n') });

describe('presentToolCall', () => {
  it('gives the built-in tools their ACP kinds', () => {
    const kinds = Object.fromEntries(
      ['bash', 'read_file', 'grep', 'glob', 'edit', 'write_file', 'update_agents_md'].map((name) => [
        name,
        presentToolCall(name, {}, root).kind,
      ]),
    );
    expect(kinds).toEqual({
      bash: 'execute',
      read_file: 'read',
      grep: 'search',
      glob: 'search',
      edit: 'edit',
      write_file: 'edit',
      update_agents_md: 'edit',
    });
  });

  it('calls a patch that only deletes files delete, and names each file', () => {
    const shown = presentToolCall(
      'apply_patch',
      patch('*** Delete File: a.txt', '*** Delete File: b/c.txt'),
      root,
    );
    expect(shown).toEqual({
      kind: 'delete',
      title: 'Delete a.txt, Delete b/c.txt',
      locations: [{ path: '/work/project/a.txt' }, { path: '/work/project/b/c.txt' }],
    });
  });

  it('calls a patch that only moves files, unchanged, move, with both paths as locations', () => {
    const shown = presentToolCall(
      'apply_patch',
      patch('*** Update File: old.txt', '*** Move to: new.txt'),
      root,
    );
    expect(shown).toEqual({
      kind: 'move',
      title: 'Move old.txt → new.txt',
      locations: [{ path: '/work/project/old.txt' }, { path: '/work/project/new.txt' }],
    });
  });

  it('calls a move that also changes lines, or a delete next to an update, edit', () => {
    const movedAndChanged = patch('*** Update File: old.txt', '*** Move to: new.txt', '@@', '-a', '+b');
    const mixed = patch('*** Delete File: a.txt', '*** Update File: b.txt', '@@', '-x', '+y');
    expect(presentToolCall('apply_patch', movedAndChanged, root).kind).toBe('edit');
    expect(presentToolCall('apply_patch', mixed, root)).toMatchObject({
      kind: 'edit',
      title: 'Delete a.txt, Update b.txt',
    });
  });

  it('shows a patch that does not parse as an edit without locations', () => {
    expect(presentToolCall('apply_patch', { patch: 'not a patch' }, root)).toEqual({
      kind: 'edit',
      title: 'Apply a patch',
      locations: [],
    });
  });

  it('shows delegate tools as think, titled with their task', () => {
    expect(presentToolCall('delegate_explore', { task: 'find the config loader' }, root)).toEqual({
      kind: 'think',
      title: 'delegate_explore: find the config loader',
      locations: [],
    });
    expect(presentToolCall('subagent_review', {}, root).kind).toBe('think');
  });

  it('shows MCP tools and unknown tools as other, titled with their name', () => {
    expect(presentToolCall('mcp__docs__search', { query: 'x' }, root)).toEqual({
      kind: 'other',
      title: 'mcp__docs__search',
      locations: [],
    });
  });

  it('keeps absolute paths and resolves relative ones against the workspace root', () => {
    expect(presentToolCall('read_file', { path: '/etc/hosts' }, root).locations).toEqual([
      { path: '/etc/hosts' },
    ]);
    expect(presentToolCall('edit', { path: 'src/a.ts' }, root)).toMatchObject({
      title: 'Edit src/a.ts',
      locations: [{ path: '/work/project/src/a.ts' }],
    });
  });
});
