import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from './build-system-prompt.js';
import { AGENT_IDENTITY } from './system-prompt-description.js';

describe('system prompt', () => {
  it('names who the agent is, the workspace root, the tools, AGENTS.md and the instructions, in that order', () => {
    const prompt = buildSystemPrompt({
      workspaceRoot: '/work/project',
      tools: [
        {
          name: 'read_file',
          description: 'Read a file.\nMore detail.',
          inputSchema: { type: 'object' },
          kind: 'read',
          annotations: {},
          source: { type: 'built-in' },
        },
      ],
      agentsMd: '<agents_md>\nuse pnpm\n</agents_md>',
      instructions: 'Be brief.',
    });
    const order = [AGENT_IDENTITY, '/work/project', '- read_file: Read a file.', 'use pnpm', 'Be brief.'].map(
      (part) => prompt.indexOf(part),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(prompt).not.toContain('More detail.');
  });

  it('leaves out the parts it was not given', () => {
    expect(buildSystemPrompt({ tools: [] })).toBe(AGENT_IDENTITY);
  });
});
