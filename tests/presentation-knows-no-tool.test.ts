import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/**
 * The code that shows calls to people (docs/architecture.md, "How tools present themselves"): the
 * CLI's renderers and its elapsed-time line, and all of the ACP agent. It shows every tool by the
 * tool's own declarations, so none of it may name a built-in tool, nor an MCP or delegate tool
 * by its prefix.
 */
const PRESENTATION = ['apps/cli/src/render', 'apps/cli/src/session/with-elapsed-time.ts', 'apps/acp/src'];

/** The built-in tools (core's `BUILT_IN_TOOL_NAMES`) and the prefixes of MCP and delegate tools. */
const NAMES = [
  'bash',
  'read_file',
  'write_file',
  'edit',
  'apply_patch',
  'glob',
  'grep',
  'update_agents_md',
  'mcp__',
  'delegate_',
  'subagent_',
];

/** A string literal that is, or starts with, one of {@link NAMES}. */
const NAMED = new RegExp(`(['"\`])(${NAMES.join('|')})`);

async function sources(path: string): Promise<string[]> {
  if (path.endsWith('.ts')) return [path];
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !/\/(e2e|test-support)\//.test(file));
}

describe('presentation', () => {
  it('names no built-in tool in the code that shows calls to people', async () => {
    const offending: string[] = [];
    for (const path of PRESENTATION) {
      for (const file of await sources(join(root, path))) {
        const lines = (await readFile(file, 'utf8')).split('\n');
        lines.forEach((line, index) => {
          const code = line.replace(/\/\/.*$/, '');
          if (!code.trimStart().startsWith('*') && NAMED.test(code))
            offending.push(`${relative(root, file)}:${index + 1}: ${line.trim()}`);
        });
      }
    }
    expect(offending).toEqual([]);
  });
});
