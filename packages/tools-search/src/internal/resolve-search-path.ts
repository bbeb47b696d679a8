import { stat } from 'node:fs/promises';
import { type Outcome, type ResolvedPath, toolSuccess } from '@toolgate/core';
import type { SearchContext } from './search-context.js';
import { searchFailure } from './search-failure.js';

/** A search path the workspace accepted, and whether it is a directory. */
export interface SearchPath {
  readonly path: ResolvedPath;
  readonly isDirectory: boolean;
}

/** Resolves `path` for reading; a path that does not exist is `not_found`. */
export async function resolveSearchPath(
  context: SearchContext,
  requested: string | undefined,
): Promise<Outcome<SearchPath>> {
  const resolution = await context.workspace.resolveReadable(requested ?? '.');
  if (resolution.status === 'failure') return resolution;
  const path = resolution.output;
  if (!path.exists) {
    return searchFailure(
      'not_found',
      `Path ${JSON.stringify(path.requestedPath)} does not exist. Use glob to find the right path.`,
    );
  }
  try {
    const info = await stat(path.absolutePath);
    // A directory is asked again as one: a rule covering everything below it refuses it.
    const denied = info.isDirectory()
      ? context.workspace.checkReadable(path.absolutePath, { directory: true })
      : undefined;
    if (denied) return denied;
    return toolSuccess({ path, isDirectory: info.isDirectory() });
  } catch (error) {
    return searchFailure(
      'io_error',
      `Cannot read ${JSON.stringify(path.requestedPath)}: ${(error as Error).message}`,
    );
  }
}
