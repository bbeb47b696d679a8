import { isAbsolute, resolve } from 'node:path';
import type { ToolCallLocation, ToolKind } from '@agentclientprotocol/sdk';
import type { ToolCallPresentation } from '@toolgate/core';

/** How an editor shows one tool call: ACP's kind, title and (absolute) locations. */
export interface AcpToolCallPresentation {
  readonly kind: ToolKind;
  readonly title: string;
  readonly locations: ToolCallLocation[];
}

/**
 * A call's presentation (declared by its tool: `presentToolCall`) in ACP's terms: core's kinds are
 * ACP's, and locations become absolute paths under the workspace root, as ACP wants them.
 */
export function toAcpToolCall(presentation: ToolCallPresentation, root: string): AcpToolCallPresentation {
  return {
    kind: presentation.kind,
    title: presentation.title,
    locations: presentation.locations.map((path) => ({
      path: isAbsolute(path) ? path : resolve(root, path),
    })),
  };
}
