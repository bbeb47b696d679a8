import type { FileErrorCode } from '@toolgate/core';

/**
 * Failure codes `update_agents_md` returns: exactly core's shared file codes. The README's table
 * says when each one is returned.
 */
export type AgentsMdErrorCode = FileErrorCode;
