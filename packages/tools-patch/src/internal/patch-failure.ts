import { type ToolFailureBuilder, toolFailure } from '@toolgate/core';
import type { PatchErrorCode } from '../patch-error-code.js';

/** Every failure this package returns is built here, so a code outside {@link PatchErrorCode} does not compile. */
export const patchFailure: ToolFailureBuilder<PatchErrorCode> = toolFailure;
