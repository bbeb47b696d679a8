import { BUILT_IN_DELEGATES } from '@toolgate/agent';
import { describe, expect, it } from 'vitest';
import { resolveAgentDefinitions } from './resolve-agent-definitions.js';

const reviewer = { name: 'reviewer', description: 'Reviews.', instructions: 'Review.', tools: ['read_file'] };

describe('resolveAgentDefinitions', () => {
  it('lists the built-ins, then the config, then the files; a later definition replaces one of the same name', async () => {
    const definitions = await resolveAgentDefinitions({
      agents: [reviewer, { name: 'explore', description: 'Mine.', instructions: 'Mine.' }],
      files: [
        { file: '/w/.toolgate/agents/r.md', definition: { ...reviewer, description: 'From the file.' } },
      ],
      env: {},
    });
    expect(definitions.map((definition) => [definition.name, definition.description])).toEqual([
      ['explore', 'Mine.'],
      ['plan', BUILT_IN_DELEGATES[1]!.description],
      ['general', BUILT_IN_DELEGATES[2]!.description],
      ['reviewer', 'From the file.'],
    ]);
    expect(definitions[3]).toEqual({ ...reviewer, description: 'From the file.' });
  });

  it("reads Claude Code's tool names in tools as their toolgate tools, so a copied sub-agent file keeps its tools", async () => {
    const definitions = await resolveAgentDefinitions({
      agents: [{ ...reviewer, tools: ['Read', 'Bash', 'mcp__github__*'] }],
      env: {},
    });
    expect(definitions.at(-1)?.tools).toEqual(['read_file', 'grep', 'glob', 'bash', 'mcp__github__*']);
  });

  it('refuses a name given twice in the config or in two files, naming both', async () => {
    await expect(resolveAgentDefinitions({ agents: [reviewer, reviewer], env: {} })).rejects.toThrow(
      'config key agents[1]: key name: "reviewer" is also the name of config key agents[0].',
    );
    const files = ['a.md', 'b.md'].map((file) => ({ file, definition: reviewer }));
    await expect(resolveAgentDefinitions({ files, env: {} })).rejects.toThrow(
      'agent file b.md: key name: "reviewer" is also the name of agent file a.md.',
    );
  });

  it('selects a provider:model, keeps inherit as the parent model, and names the source of a bad model', async () => {
    const [selected, inherited] = (
      await resolveAgentDefinitions({
        agents: [
          { ...reviewer, model: 'openai-compatible:small' },
          { ...reviewer, name: 'other', model: 'inherit' },
        ],
        env: { TOOLGATE_BASE_URL: 'http://127.0.0.1:9/v1' },
      })
    ).slice(3);
    expect(selected?.model).toMatchObject({ modelId: 'small' });
    expect(inherited?.model).toBeUndefined();
    await expect(
      resolveAgentDefinitions({
        files: [{ file: 'r.md', definition: { ...reviewer, model: 'sonnet' } }],
        env: {},
      }),
    ).rejects.toThrow(/^agent file r\.md: key model: /);
    expect(
      (
        await resolveAgentDefinitions({
          agents: [{ ...reviewer, model: 'sonnet' }],
          env: {},
          skipModels: true,
        })
      )[3],
    ).toEqual(reviewer);
  });
});
