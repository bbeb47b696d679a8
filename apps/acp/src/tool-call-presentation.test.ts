import { defineTool } from '@toolgate/core';
import { APPLY_PATCH_SPEC } from '@toolgate/tools-patch';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredSummary, presentToolCall } from './tool-call-presentation.js';

const root = '/work/project';
const patch = (...body: string[]) => ({ patch: ['*** Begin Patch', ...body, '*** End Patch'].join('\n') });
/** An apply_patch call as the session shows it: with the summary the tool declares from its arguments. */
const presentPatch = (input: unknown) =>
  presentToolCall('apply_patch', input, root, { ...APPLY_PATCH_SPEC, execute: never });

async function never(): Promise<never> {
  throw new Error('not run');
}

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
    const shown = presentPatch(patch('*** Delete File: a.txt', '*** Delete File: b/c.txt'));
    expect(shown).toEqual({
      kind: 'delete',
      title: 'Delete a.txt, Delete b/c.txt',
      locations: [{ path: '/work/project/a.txt' }, { path: '/work/project/b/c.txt' }],
    });
  });

  it('calls a patch that only moves files, unchanged, move, with both paths as locations', () => {
    const shown = presentPatch(patch('*** Update File: old.txt', '*** Move to: new.txt'));
    expect(shown).toEqual({
      kind: 'move',
      title: 'Move old.txt → new.txt',
      locations: [{ path: '/work/project/old.txt' }, { path: '/work/project/new.txt' }],
    });
  });

  it('calls a move that also changes lines, or a delete next to an update, edit', () => {
    const movedAndChanged = patch('*** Update File: old.txt', '*** Move to: new.txt', '@@', '-a', '+b');
    const mixed = patch('*** Delete File: a.txt', '*** Update File: b.txt', '@@', '-x', '+y');
    expect(presentPatch(movedAndChanged).kind).toBe('edit');
    expect(presentPatch(mixed)).toMatchObject({
      kind: 'edit',
      title: 'Delete a.txt, Update b.txt',
    });
  });

  it('shows a patch that does not parse as an edit without locations', () => {
    expect(presentPatch({ patch: 'not a patch' })).toEqual({
      kind: 'edit',
      title: 'Apply a patch',
      locations: [],
    });
  });

  it('shows any other tool by the summary it declares: its lines, paths and narrower kind', () => {
    const rename = defineTool({
      name: 'rename_symbol',
      description: 'Renames a symbol.',
      input: z.object({ from: z.string(), to: z.string(), file: z.string() }),
      kind: 'edit',
      approval: {
        summarize: (input) => ({ lines: [`Rename ${input.from} → ${input.to}`], locations: [input.file] }),
      },
    });
    const input = { from: 'a', to: 'b', file: 'src/x.ts' };
    expect(presentToolCall('rename_symbol', input, root, { ...rename, execute: never })).toEqual({
      kind: 'edit',
      title: 'Rename a → b',
      locations: [{ path: '/work/project/src/x.ts' }],
    });
    // Arguments the tool would refuse give no declared summary: the call is shown by its name.
    expect(declaredSummary({ ...rename, execute: never }, { from: 1 })).toBeUndefined();
  });

  it('shows delegate tools as think, titled with their task', () => {
    expect(presentToolCall('delegate_explore', { task: 'find the config loader' }, root)).toEqual({
      kind: 'think',
      title: 'delegate_explore: find the config loader',
      locations: [],
    });
    expect(presentToolCall('subagent_review', {}, root).kind).toBe('think');
  });

  it('gives a tool of the session the kind it defines, a built-in name swapped for another tool too', () => {
    const count = defineTool({
      name: 'word_count',
      description: 'Counts words.',
      input: z.object({ path: z.string() }),
      kind: 'read',
    });
    expect(presentToolCall('word_count', { path: 'a.txt' }, root, { ...count, execute: never }).kind).toBe(
      'read',
    );
    const fetcher = defineTool({ name: 'grep', description: 'Fetches.', input: z.object({}), kind: 'fetch' });
    expect(presentToolCall('grep', {}, root, { ...fetcher, execute: never }).kind).toBe('fetch');
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
