import { defineTool, presentToolCall } from '@toolgate/core';
import { APPLY_PATCH_SPEC } from '@toolgate/tools-patch';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toAcpToolCall } from './tool-call-presentation.js';

const root = '/work/project';
const patch = (...body: string[]) => ({ patch: ['*** Begin Patch', ...body, '*** End Patch'].join('\n') });
/** An apply_patch call as the editor is shown it: by the presentation the tool declares. */
const presentPatch = (args: Record<string, unknown>) =>
  toAcpToolCall(presentToolCall(APPLY_PATCH_SPEC, { id: 'c', name: 'apply_patch', arguments: args }), root);

describe('toAcpToolCall', () => {
  it('calls a patch that only deletes files delete, and locates each file under the workspace root', () => {
    expect(presentPatch(patch('*** Delete File: a.txt', '*** Delete File: b/c.txt'))).toEqual({
      kind: 'delete',
      title: 'Delete a.txt, Delete b/c.txt',
      locations: [{ path: '/work/project/a.txt' }, { path: '/work/project/b/c.txt' }],
    });
  });

  it('calls a patch that only moves files, unchanged, move, with both paths as locations', () => {
    expect(presentPatch(patch('*** Update File: old.txt', '*** Move to: new.txt'))).toEqual({
      kind: 'move',
      title: 'Move old.txt → new.txt',
      locations: [{ path: '/work/project/old.txt' }, { path: '/work/project/new.txt' }],
    });
  });

  it("shows a tool swapped in under a built-in's name by its own declaration, and keeps absolute paths", () => {
    // A team's own read_file: shown as it declares itself, not as the built-in it replaced.
    const ownRead = defineTool({
      name: 'read_file',
      description: 'Reads from the team store.',
      input: z.object({ key: z.string() }),
      kind: 'fetch',
      presentation: { call: (input) => ({ title: `Fetch ${input.key}`, locations: ['/store/index'] }) },
    });
    expect(
      toAcpToolCall(presentToolCall(ownRead, { id: 'c', name: 'read_file', arguments: { key: 'k1' } }), root),
    ).toEqual({ kind: 'fetch', title: 'Fetch k1', locations: [{ path: '/store/index' }] });
  });
});
