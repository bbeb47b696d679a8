import { checkReadPolicy } from '@toolgate/core/testing';
import { describe, expect, it } from 'vitest';
import { createPatchTools } from './create-patch-tools.js';

describe('the read policy (core conformance kit)', () => {
  it('edit and apply_patch never quote a denied file, nor any file before approval', async () => {
    const violations = await checkReadPolicy({
      createTools: (workspace) => {
        const tools = createPatchTools({ workspace });
        return [tools.edit, tools.apply_patch];
      },
      calls: (paths) =>
        [paths.denied, paths.link, paths.admitted].flatMap((path) => [
          { tool: 'edit', arguments: { path, old_string: paths.nearMiss, new_string: 'x' } },
          { tool: 'edit', arguments: { path, old_string: 'password', new_string: 'x', replaceAll: true } },
          {
            tool: 'apply_patch',
            arguments: {
              patch: `*** Begin Patch\n*** Update File: ${path}\n@@\n-${paths.nearMiss}\n+x\n*** End Patch`,
            },
          },
          {
            tool: 'apply_patch',
            arguments: {
              patch: `*** Begin Patch\n*** Update File: ${path}\n@@ ${paths.nearMiss}\n-x\n+y\n*** End Patch`,
            },
          },
        ]),
    });
    expect(violations).toEqual([]);
  });
});
