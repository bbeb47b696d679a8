import { type ToolFailureBuilder, toolFailure } from '@toolgate/core';
import type { AgentsMdErrorCode } from '../agents-md-error-code.js';

/** Every failure this package returns is built here, so a code outside {@link AgentsMdErrorCode} does not compile. */
export const agentsMdFailure: ToolFailureBuilder<AgentsMdErrorCode> = toolFailure;
