import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatAgentsMdPrompt, loadAgentsMd } from './load-agents-md.js';
import { createAgentsMdKit } from './test-support/agents-md-kit.js';

describe('loadAgentsMd', () => {
  it('loads AGENTS.md trimmed, for the system prompt', async () => {
    const t = await createAgentsMdKit();
    await t.write('AGENTS.md', '\n\n# Project\n- use pnpm\n\n');
    const loaded = await loadAgentsMd(t.workspace);
    expect(loaded).toEqual({
      path: 'AGENTS.md',
      resolvedPath: join(t.root, 'AGENTS.md'),
      content: '# Project\n- use pnpm',
      truncated: false,
    });
    expect(loaded && formatAgentsMdPrompt(loaded)).toBe('<agents_md>\n# Project\n- use pnpm\n</agents_md>\n');
  });

  it('falls back to .agents/AGENTS.md and clips to maxChars', async () => {
    const t = await createAgentsMdKit();
    await t.write('.agents/AGENTS.md', 'abcdefghij');
    expect(await loadAgentsMd(t.workspace, { maxChars: 4 })).toEqual({
      path: '.agents/AGENTS.md',
      resolvedPath: join(t.root, '.agents/AGENTS.md'),
      content: 'abcd',
      truncated: true,
    });
  });

  it('reads only about maxChars of a huge file', async () => {
    const t = await createAgentsMdKit();
    await t.write('AGENTS.md', 'x'.repeat(5_000_000));
    expect(await loadAgentsMd(t.workspace, { maxChars: 10 })).toEqual({
      path: 'AGENTS.md',
      resolvedPath: join(t.root, 'AGENTS.md'),
      content: 'x'.repeat(10),
      truncated: true,
    });
  });

  it('gives nothing for a missing or blank file, or one symlinked outside the workspace', async () => {
    const t = await createAgentsMdKit();
    expect(await loadAgentsMd(t.workspace)).toBeUndefined();
    await t.write('AGENTS.md', '  \n\t\n');
    expect(await loadAgentsMd(t.workspace)).toBeUndefined();
    const other = await createAgentsMdKit();
    await writeFile(join(other.outside, 'secret.md'), 'secret');
    await symlink(join(other.outside, 'secret.md'), join(other.root, 'AGENTS.md'));
    expect(await loadAgentsMd(other.workspace)).toBeUndefined();
  });
});
