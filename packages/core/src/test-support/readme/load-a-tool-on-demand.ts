import { defineTool, implementToolOnDemand, type Workspace } from '@toolgate/core';
import { z } from 'zod';

export const LINE_COUNT_SPEC = defineTool({
  name: 'line_count',
  description: 'Counts the lines of a file in the workspace.',
  input: z.object({ path: z.string() }),
  kind: 'read',
  annotations: { readOnly: true },
});

// Listing tools reads only the spec; the module that counts lines loads on the first call, once.
// `preflight` says whether what it returns has `prepare` (then `execute` gets its plan, typed).
export function createLineCountTool(workspace: Workspace) {
  return implementToolOnDemand(LINE_COUNT_SPEC, { preflight: false }, async () => {
    const { lineCountImplementation } = await import('./line-count-implementation.js');
    return lineCountImplementation(workspace);
  });
}
