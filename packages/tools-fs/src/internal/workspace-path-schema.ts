import { z } from 'zod';

/** A path argument: trimmed, never blank. Workspace rules are checked later, by the workspace. */
export function workspacePathSchema(description: string) {
  return z.string().trim().min(1, 'must not be empty').describe(description);
}
