import { type ToolFailure, toolFailure } from '../result/tool-result.js';
import { findClosestMatch } from '../text/closest-match.js';

/** The failure for a name no route knows: lists the available names and the closest one. */
export function unknownToolFailure(name: string, available: readonly string[]): ToolFailure {
  const closest = findClosestMatch(name, available);
  const hint = closest ? ` Did you mean "${closest}"?` : '';
  const list = available.length > 0 ? available.join(', ') : '(none)';
  return toolFailure(
    'unknown_tool',
    `Unknown tool ${JSON.stringify(name)}.${hint} Available tools: ${list}.`,
    {
      available,
      ...(closest ? { closest } : {}),
    },
  );
}
