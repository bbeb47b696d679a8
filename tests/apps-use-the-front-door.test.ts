import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** The built-in tools' wire names: no app decides anything by them. */
const BUILT_IN_TOOL_NAMES = [
  'bash',
  'read_file',
  'write_file',
  'apply_patch',
  'edit',
  'glob',
  'grep',
  'update_agents_md',
];

/**
 * What composing a session takes: the host kit's front door (`openHostSession`) does it, so an app
 * that imports one of these writes the recipe out again.
 */
const COMPOSITION = [
  'createToolSurface',
  'standardDecorators',
  'createApprovalMemory',
  'withApproval',
  'withApprovalExplanation',
  'combineToolProviders',
  'createWorkspace',
  'createAgent',
  'createMcpTools',
  'BUILT_IN_TOOL_NAMES',
  'isBuiltInToolName',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory())
      return entry === 'e2e' || entry === 'test-support' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry) && !/\.test(-d)?\.ts$/.test(entry) ? [path] : [];
  });
}

const appSources = readdirSync(join(root, 'apps'))
  .flatMap((app) => sourceFiles(join(root, 'apps', app, 'src')))
  .map((path) => relative(root, path).split('\\').join('/'));

/** The source without comments, so prose may name a tool. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Built-in tool names and MCP name prefixes written as string literals (`'bash'`, `"mcp__"`…). */
function namedTools(text: string): string[] {
  const literal = new RegExp(`(['"\`])(${BUILT_IN_TOOL_NAMES.join('|')}|mcp__[^'"\`]*)\\1`, 'g');
  return [...code(text).matchAll(literal)].map((match) => match[2]!);
}

/** Imports of the host kit's internals, and of the names that compose a session. */
function compositionImports(text: string): string[] {
  const found: string[] = [];
  for (const match of code(text).matchAll(/(?:import|export)\s([^;]*?)from\s+['"]([^'"]+)['"]/g)) {
    const [, names = '', specifier = ''] = match;
    if (/^@toolgate\/host\/|packages\/host\//.test(specifier)) found.push(specifier);
    if (!specifier.startsWith('@toolgate/')) continue;
    for (const name of names.replace(/[{}]/g, ' ').split(/[\s,]+/))
      if (COMPOSITION.includes(name)) found.push(`${name} from ${specifier}`);
  }
  for (const match of code(text).matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g))
    if (/^@toolgate\/host\/|packages\/host\//.test(match[1]!)) found.push(match[1]!);
  return found;
}

describe('the apps open sessions through the host kit', () => {
  it('finds tool names and composition imports (self-check)', () => {
    const text = [
      "// a comment may say 'bash'",
      'if (name === \'bash\' || name.startsWith("mcp__")) run();',
      "import { createToolSurface, type ToolResult } from '@toolgate/core';",
      "import { openHostSession } from '@toolgate/host';",
      "import { createSessionTools } from '@toolgate/host/src/session/create-session-tools.js';",
      "const late = await import('../../packages/host/src/index.js');",
    ].join('\n');
    expect({ tools: namedTools(text), imports: compositionImports(text) }).toEqual({
      tools: ['bash', 'mcp__'],
      imports: [
        'createToolSurface from @toolgate/core',
        '@toolgate/host/src/session/create-session-tools.js',
        '../../packages/host/src/index.js',
      ],
    });
  });

  it('sees the apps’ sources', () => {
    expect(appSources).toContain('apps/cli/src/commands/run-call-command.ts');
    expect(appSources).toContain('apps/acp/src/acp-session.ts');
  });

  it.each(appSources)('%s names no built-in tool', (path) => {
    expect(namedTools(readFileSync(join(root, path), 'utf8'))).toEqual([]);
  });

  it.each(appSources)('%s composes no session itself and imports no host internals', (path) => {
    expect(compositionImports(readFileSync(join(root, path), 'utf8'))).toEqual([]);
  });
});
