import { presentToolCall } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { APPLY_PATCH_SPEC } from './apply-patch/apply-patch-spec.js';
import { EDIT_SPEC } from './edit/edit-spec.js';

const call = (name: string, args: Record<string, unknown>) => ({ id: 'c', name, arguments: args });

describe('how the patch tools present themselves to people', () => {
  it('titles and locates their calls', () => {
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** Delete File: b.txt\n*** End Patch';
    expect([
      presentToolCall(EDIT_SPEC, call('edit', { path: 'src/a.ts', old_string: 'a', new_string: 'b' })),
      presentToolCall(APPLY_PATCH_SPEC, call('apply_patch', { patch })),
      presentToolCall(
        APPLY_PATCH_SPEC,
        call('apply_patch', { patch: '*** Begin Patch\n*** Delete File: b.txt\n*** End Patch' }),
      ),
    ]).toMatchInlineSnapshot(`
      [
        {
          "kind": "edit",
          "locations": [
            "src/a.ts",
          ],
          "title": "Edit src/a.ts",
        },
        {
          "kind": "edit",
          "locations": [
            "a.txt",
            "b.txt",
          ],
          "title": "Add a.txt, Delete b.txt",
        },
        {
          "kind": "delete",
          "locations": [
            "b.txt",
          ],
          "title": "Delete b.txt",
        },
      ]
    `);
  });

  it('summarise their results', () => {
    expect([
      EDIT_SPEC.presentation?.result?.(
        { path: 'a.ts', resolvedPath: '/w/a.ts', replacements: 2, success: true } as never,
        {} as never,
      ),
      APPLY_PATCH_SPEC.presentation?.result?.(
        {
          operationsApplied: 2,
          filesChanged: 2,
          changedFiles: ['a.txt', 'b.txt'],
          fileChanges: [
            { path: 'a.txt', operation: 'add', linesAdded: 1, linesRemoved: 0 },
            { path: 'b.txt', operation: 'update', linesAdded: 2, linesRemoved: 1, movedTo: 'c.txt' },
          ],
        } as never,
        {} as never,
      ),
    ]).toMatchInlineSnapshot(`
      [
        {
          "summary": "Edited a.ts (2 replacements)",
        },
        {
          "summary": "2 files changed",
          "text": "A a.txt (+1 -0)
      M b.txt -> c.txt (+2 -1)",
        },
      ]
    `);
  });
});
