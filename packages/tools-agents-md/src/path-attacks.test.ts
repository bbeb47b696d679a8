import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AgentsMdKit, createAgentsMdKit } from './test-support/agents-md-kit.js';

async function listTree(directory: string, base = directory): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    out.push(relative(base, path));
    if (entry.isDirectory()) out.push(...(await listTree(path, base)));
  }
  return out.sort();
}

interface Attack {
  readonly name: string;
  readonly arm: (t: AgentsMdKit) => Promise<void>;
  readonly read: string;
  readonly write: string;
}

const ATTACKS: readonly Attack[] = [
  {
    name: 'AGENTS.md symlinked to a file outside',
    arm: async (t) => {
      await writeFile(join(t.outside, 'notes.md'), 'outside notes');
      await symlink(join(t.outside, 'notes.md'), join(t.root, 'AGENTS.md'));
    },
    read: 'path_outside_workspace',
    write: 'path_outside_workspace',
  },
  {
    name: 'AGENTS.md dangling, its target outside',
    arm: (t) => symlink(join(t.outside, 'new.md'), join(t.root, 'AGENTS.md')),
    read: 'path_outside_workspace',
    write: 'path_outside_workspace',
  },
  {
    name: '.agents symlinked to a directory outside',
    arm: async (t) => {
      await writeFile(join(t.outside, 'AGENTS.md'), 'outside memory');
      await symlink(t.outside, join(t.root, '.agents'));
    },
    read: 'path_outside_workspace',
    write: 'path_outside_workspace',
  },
  {
    name: 'AGENTS.md in a symlink loop',
    arm: async (t) => {
      await symlink('loop', join(t.root, 'AGENTS.md'));
      await symlink('AGENTS.md', join(t.root, 'loop'));
    },
    read: 'io_error',
    write: 'io_error',
  },
  {
    name: 'AGENTS.md symlinked into .git',
    arm: async (t) => {
      await mkdir(join(t.root, '.git/hooks'), { recursive: true });
      await symlink('.git/hooks/pre-commit', join(t.root, 'AGENTS.md'));
    },
    read: 'success',
    write: 'path_protected',
  },
  {
    name: 'AGENTS.md symlinked into node_modules',
    arm: async (t) => {
      await mkdir(join(t.root, 'node_modules'));
      await symlink('node_modules/x', join(t.root, 'AGENTS.md'));
    },
    read: 'success',
    write: 'path_protected',
  },
];

function codeOf(result: Awaited<ReturnType<AgentsMdKit['call']>>): string {
  return result.status === 'failure' ? result.error.code : result.status;
}

describe('path attacks through update_agents_md', () => {
  for (const attack of ATTACKS) {
    it(`${attack.name}: read → ${attack.read}; write and append → ${attack.write}, nothing changed`, async () => {
      const t = await createAgentsMdKit();
      await attack.arm(t);
      const insideBefore = await listTree(t.root);
      const outsideBefore = await listTree(t.outside);
      const outsideContents = await Promise.all(
        outsideBefore.map((name) => readFile(join(t.outside, name), 'utf8').catch(() => '')),
      );
      expect(codeOf(await t.call({ action: 'read' }))).toBe(attack.read);
      expect(codeOf(await t.call({ action: 'write', content: 'pwned' }))).toBe(attack.write);
      expect(codeOf(await t.call({ action: 'append', text: 'pwned' }))).toBe(attack.write);
      expect(await listTree(t.root)).toEqual(insideBefore);
      expect(await listTree(t.outside)).toEqual(outsideBefore);
      expect(
        await Promise.all(
          outsideBefore.map((name) => readFile(join(t.outside, name), 'utf8').catch(() => '')),
        ),
      ).toEqual(outsideContents);
    });
  }

  it('takes no path from the model: a path field is refused and nothing is written', async () => {
    const t = await createAgentsMdKit();
    for (const path of ['../x', join(t.outside, 'x'), '~/x', 'a\0b', 'x'.repeat(300), '.git/hooks/x']) {
      const result = await t.call({ action: 'write', content: 'pwned', path });
      expect(result).toEqual({
        status: 'failure',
        error: {
          code: 'invalid_arguments',
          message:
            'Invalid arguments for update_agents_md: unknown field `path` (known fields: action, content, text).',
        },
      });
    }
    expect(await listTree(t.root)).toEqual([]);
    expect(await listTree(t.outside)).toEqual([]);
  });
});
