import { type ToolFailureBuilder, toolFailure } from '@toolgate/core';
import type { FsErrorCode } from '../fs-error-code.js';

/** Every failure this package returns is built here, so a code outside {@link FsErrorCode} does not compile. */
export const fsFailure: ToolFailureBuilder<FsErrorCode> = toolFailure;
