import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { checkReadPolicy } from '@toolgate/core/testing';
import { describe, expect, it } from 'vitest';
import { createAgentsMdTools } from './create-agents-md-tools.js';

describe('the read policy (core conformance kit)', () => {
  it('update_agents_md never reads AGENTS.md through a link to a denied file', async () => {
    const violations = await checkReadPolicy({
      createTools: (workspace) => [createAgentsMdTools({ workspace }).update_agents_md],
      // AGENTS.md is the tool's own fixed path: here a link to the kit's denied file.
      setUp: (root, paths) => symlink(paths.denied, join(root, 'AGENTS.md')),
      calls: () => [
        { tool: 'update_agents_md', arguments: { action: 'read' } },
        { tool: 'update_agents_md', arguments: { action: 'append', text: 'more' } },
        { tool: 'update_agents_md', arguments: { action: 'write', content: 'new' } },
      ],
    });
    expect(violations).toEqual([]);
  });
});
