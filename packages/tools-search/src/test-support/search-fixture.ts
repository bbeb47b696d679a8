import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  createToolSurface,
  createWorkspace,
  standardDecorators,
  type ToolResult,
  type Workspace,
  type WorkspaceOptions,
} from '@toolgate/core';
import { createSearchTools, type SearchToolsOptions } from '../create-search-tools.js';
import { findRipgrep } from '../internal/find-ripgrep.js';

/** The `rg` on PATH, found once for the test files. */
export const RIPGREP = await findRipgrep(process.env.PATH);

/** Engines the shared suites run against; `ripgrep` only when `rg` is installed. */
export const ENGINES: ReadonlyArray<'ripgrep' | 'node'> = RIPGREP ? ['ripgrep', 'node'] : ['node'];
if (!RIPGREP) console.warn('tools-search: no `rg` on PATH, so the ripgrep engine tests are skipped');

/** A tree entry: file content, or a symlink target. */
export type TreeEntry = string | Buffer | { readonly symlink: string };

/** Writes `entries` (paths relative to `root`, `/` separated; a path ending in `/` is a directory). */
export async function writeTree(root: string, entries: Readonly<Record<string, TreeEntry>>): Promise<void> {
  for (const [path, entry] of Object.entries(entries)) {
    const absolute = join(root, path);
    if (path.endsWith('/')) {
      await mkdir(absolute, { recursive: true });
      continue;
    }
    await mkdir(dirname(absolute), { recursive: true });
    if (typeof entry === 'object' && 'symlink' in entry) await symlink(entry.symlink, absolute);
    else await writeFile(absolute, entry);
  }
}

/** A temporary directory (real path) removed by the returned cleanup. */
export async function temporaryDirectory(prefix = 'tools-search-'): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), prefix)));
}

export async function removeDirectory(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true });
}

/** Calls glob or grep through a standard surface, as a host would. */
export interface SearchHarness {
  readonly workspace: Workspace;
  call(name: 'glob' | 'grep', args: unknown, signal?: AbortSignal): Promise<ToolResult>;
}

export function createHarness(
  workspaceOptions: WorkspaceOptions,
  options: Omit<SearchToolsOptions, 'workspace'> = {},
): SearchHarness {
  const workspace = createWorkspace(workspaceOptions);
  const tools = createSearchTools({ workspace, ...options });
  const surface = createToolSurface({ tools: [tools.glob, tools.grep], decorators: standardDecorators() });
  return {
    workspace,
    call: (name, args, signal) =>
      surface.executor.execute(
        { id: 'call-1', name, arguments: args as Record<string, unknown> },
        signal ? { signal } : {},
      ),
  };
}

/** What `rg --files` lists under `cwd` with the walking flags both engines use. */
export function ripgrepFiles(cwd: string, extra: readonly string[] = []): string[] {
  const result = spawnSync(
    RIPGREP!,
    [
      '--no-config',
      '--hidden',
      '--no-ignore-global',
      '--glob',
      '!.git',
      '--glob',
      '!node_modules',
      ...extra,
      '--files',
      '.',
    ],
    { cwd, encoding: 'utf8' },
  );
  return result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/^\.\//, ''))
    .sort();
}
