import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
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
import { afterEach } from 'vitest';
import { createFsTools, type FsTools } from '../create-fs-tools.js';

/** A temporary directory holding a workspace (`root`) and a sibling outside it (`outside`). */
export interface TempWorkspace {
  readonly base: string;
  readonly root: string;
  readonly outside: string;
  readonly workspace: Workspace;
  readonly tools: FsTools;
  /** Runs a call through the standard decorators (validation, preflight) and the tool. */
  call(name: 'read_file' | 'write_file', args: unknown): Promise<ToolResult>;
  /** Writes a file under the root (parents created). */
  put(path: string, content: string | Uint8Array): Promise<string>;
}

const cleanups: string[] = [];

afterEach(async () => {
  for (const path of cleanups.splice(0)) await rm(path, { recursive: true, force: true });
});

export async function createTempWorkspace(
  options: Partial<Omit<WorkspaceOptions, 'root'>> & { defaultReadMaxChars?: number } = {},
): Promise<TempWorkspace> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-fs-')));
  cleanups.push(base);
  const root = join(base, 'root');
  const outside = join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  const { defaultReadMaxChars, ...workspaceOptions } = options;
  const workspace = createWorkspace({ ...workspaceOptions, root });
  const tools = createFsTools({
    workspace,
    ...(defaultReadMaxChars === undefined ? {} : { defaultReadMaxChars }),
  });
  const surface = createToolSurface({
    tools: [tools.read_file, tools.write_file],
    decorators: standardDecorators(),
  });
  return {
    base,
    root,
    outside,
    workspace,
    tools,
    call: (name, args) =>
      surface.executor.execute({ id: 'call-1', name, arguments: args as Record<string, unknown> }),
    async put(path, content) {
      const absolute = join(root, path);
      await mkdir(dirname(absolute), { recursive: true });
      await writeFile(absolute, content);
      return absolute;
    },
  };
}
