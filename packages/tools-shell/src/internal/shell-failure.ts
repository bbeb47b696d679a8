import { type ToolFailureBuilder, toolFailure } from '@toolgate/core';
import type { ShellErrorCode } from '../shell-error-code.js';

/** Every failure this package returns is built here, so a code outside {@link ShellErrorCode} does not compile. */
export const shellFailure: ToolFailureBuilder<ShellErrorCode> = toolFailure;
