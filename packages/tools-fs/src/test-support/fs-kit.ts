import {
  createToolSurface,
  standardDecorators,
  type ToolResult,
  type WorkspaceOptions,
} from '@toolgate/core';
import { createTempWorkspace, type TempWorkspace } from '@toolgate/core/testing';
import { afterEach } from 'vitest';
import { createFsTools, type FsTools } from '../create-fs-tools.js';

/** Core's temporary workspace with the fs tools on a standard surface. */
export interface FsKit extends TempWorkspace {
  readonly tools: FsTools;
  /** Runs a call through the standard decorators (validation, preflight) and the tool. */
  call(name: 'read_file' | 'write_file', args: unknown): Promise<ToolResult>;
}

const kits: TempWorkspace[] = [];

afterEach(async () => {
  for (const kit of kits.splice(0)) await kit.cleanup();
});

/** A kit removed after the test. */
export async function createFsKit(
  options: Partial<Omit<WorkspaceOptions, 'root'>> & { defaultReadMaxChars?: number } = {},
): Promise<FsKit> {
  const { defaultReadMaxChars, ...workspaceOptions } = options;
  const temp = await createTempWorkspace({ ...workspaceOptions, prefix: 'toolgate-fs-' });
  kits.push(temp);
  const tools = createFsTools({
    workspace: temp.workspace,
    ...(defaultReadMaxChars === undefined ? {} : { defaultReadMaxChars }),
  });
  const surface = createToolSurface({
    tools: [tools.read_file, tools.write_file],
    decorators: standardDecorators(),
  });
  return {
    ...temp,
    tools,
    call: (name, args) =>
      surface.executor.execute({ id: 'call-1', name, arguments: args as Record<string, unknown> }),
  };
}
