import type { ToolFailure } from '@toolgate/core';
import type { SearchErrorCode } from '../search-error-code.js';
import { searchFailure } from './search-failure.js';

/** The failure of a search whose directory was swapped after its path was checked: nothing was searched. */
export function pathChangedFailure(
  toolName: 'glob' | 'grep',
  displayPath: string,
): ToolFailure<SearchErrorCode> {
  return searchFailure(
    'precondition_changed',
    `${toolName} did not search ${JSON.stringify(displayPath)}: it is no longer the directory that was checked (another process moved it or replaced it with a symlink). Try again.`,
  );
}
