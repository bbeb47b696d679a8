import { stat } from 'node:fs/promises';
import { type ResolvedPath, type ToolFailure, toolFailure } from '@toolgate/core';
import type { SearchContext } from './search-context.js';

/** A search path the workspace accepted, and whether it is a directory. */
export type SearchPath =
  | { readonly ok: true; readonly path: ResolvedPath; readonly isDirectory: boolean }
  | { readonly ok: false; readonly failure: ToolFailure };

/** Resolves `path` for reading; a path that does not exist is `not_found`. */
export async function resolveSearchPath(
  context: SearchContext,
  requested: string | undefined,
): Promise<SearchPath> {
  const resolution = await context.workspace.resolveReadable(requested ?? '.');
  if (!resolution.ok) return resolution;
  const path = resolution.path;
  if (!path.exists) {
    return {
      ok: false,
      failure: toolFailure(
        'not_found',
        `Path ${JSON.stringify(path.requestedPath)} does not exist. Use glob to find the right path.`,
      ),
    };
  }
  try {
    const info = await stat(path.absolutePath);
    return { ok: true, path, isDirectory: info.isDirectory() };
  } catch (error) {
    return {
      ok: false,
      failure: toolFailure(
        'io_error',
        `Cannot read ${JSON.stringify(path.requestedPath)}: ${(error as Error).message}`,
      ),
    };
  }
}
