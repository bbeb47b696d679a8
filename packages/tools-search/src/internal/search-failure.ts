import { type ToolFailureBuilder, toolFailure } from '@toolgate/core';
import type { SearchErrorCode } from '../search-error-code.js';

/** Every failure this package returns is built here, so a code outside {@link SearchErrorCode} does not compile. */
export const searchFailure: ToolFailureBuilder<SearchErrorCode> = toolFailure;
