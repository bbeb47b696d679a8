import type { PrepareResult } from '@toolgate/core';
import { resolveSearchPath } from './resolve-search-path.js';
import type { SearchContext } from './search-context.js';

/**
 * The preflight of `glob` and `grep` once their pattern is known to compile: the search path must
 * resolve inside the workspace, and the call is shown as `<tool> <pattern> in <path>`.
 */
export async function prepareSearch(
  context: SearchContext,
  toolName: 'glob' | 'grep',
  pattern: string,
  path: string | undefined,
): Promise<PrepareResult<undefined>> {
  const searched = await resolveSearchPath(context, path);
  if (searched.status === 'failure') return searched;
  const { displayPath } = searched.output.path;
  return {
    status: 'ready',
    plan: undefined,
    preview: { lines: [`${toolName} ${pattern} in ${displayPath}`], locations: [displayPath] },
  };
}
