import { presentToolCall } from '@toolgate/core';
import { describe, expect, it } from 'vitest';
import { UPDATE_AGENTS_MD_SPEC } from './update-agents-md/update-agents-md-spec.js';

const call = (args: Record<string, unknown>) => ({ id: 'c', name: 'update_agents_md', arguments: args });

describe('how update_agents_md presents itself to people', () => {
  it('titles its calls by the action, reads as read and writes as edit', () => {
    expect([
      presentToolCall(UPDATE_AGENTS_MD_SPEC, call({})),
      presentToolCall(UPDATE_AGENTS_MD_SPEC, call({ action: 'append', text: '- fact' })),
    ]).toMatchInlineSnapshot(`
      [
        {
          "kind": "read",
          "locations": [],
          "title": "Read AGENTS.md",
        },
        {
          "kind": "edit",
          "locations": [],
          "title": "Append to AGENTS.md",
        },
      ]
    `);
  });
});
