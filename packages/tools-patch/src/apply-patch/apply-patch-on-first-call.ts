import type { ToolResult, Workspace } from '@toolgate/core';
import type { ApplyPatchOptions } from './apply-patch.js';
import type { ApplyPatchOutput } from './apply-patch-schema.js';

/**
 * The package's `applyPatch`: the call of `./apply-patch.js`, with the patch engine (parsing,
 * planning, locks, writes) loaded on the first call, so importing the package loads none of it.
 */
export async function applyPatch(
  workspace: Workspace,
  text: string,
  options: ApplyPatchOptions = {},
): Promise<ToolResult<ApplyPatchOutput>> {
  const engine = await import('./apply-patch.js');
  return engine.applyPatch(workspace, text, options);
}
