import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  createToolSurface,
  createWorkspace,
  standardDecorators,
  type ToolResult,
  type Workspace,
} from '@toolgate/core';
import { afterEach } from 'vitest';
import { type AgentsMdTools, createAgentsMdTools } from '../create-agents-md-tools.js';

/** A temporary workspace (`root`) with a sibling directory outside it (`outside`). */
export interface TempWorkspace {
  readonly root: string;
  readonly outside: string;
  readonly workspace: Workspace;
  readonly tools: AgentsMdTools;
  /** Runs update_agents_md through the standard decorators (validation, preflight). */
  call(args: unknown): Promise<ToolResult>;
  /** Writes a file under the root (parents created). */
  put(path: string, content: string | Uint8Array): Promise<string>;
}

const cleanups: string[] = [];

afterEach(async () => {
  for (const path of cleanups.splice(0)) await rm(path, { recursive: true, force: true });
});

export async function createTempWorkspace(): Promise<TempWorkspace> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'toolgate-agents-md-')));
  cleanups.push(base);
  const root = join(base, 'root');
  const outside = join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  const workspace = createWorkspace({ root });
  const tools = createAgentsMdTools({ workspace });
  const surface = createToolSurface({ tools: [tools.update_agents_md], decorators: standardDecorators() });
  return {
    root,
    outside,
    workspace,
    tools,
    call: (args) =>
      surface.executor.execute({
        id: 'call-1',
        name: 'update_agents_md',
        arguments: args as Record<string, unknown>,
      }),
    async put(path, content) {
      const absolute = join(root, path);
      await mkdir(dirname(absolute), { recursive: true });
      await writeFile(absolute, content);
      return absolute;
    },
  };
}
