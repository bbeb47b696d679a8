import type { ToolResult } from '../result/tool-result.js';
import type { ToolDecorator, ToolInvocation } from './tool-invocation.js';

/**
 * Composes decorators around a final step; the first decorator is the outermost. The standard
 * order is events → validation → preflight → approval → [host decorators] → execute.
 */
export function composeDecorators(
  decorators: readonly ToolDecorator[],
  final: (invocation: ToolInvocation) => Promise<ToolResult>,
): (invocation: ToolInvocation) => Promise<ToolResult> {
  return (invocation) => {
    const step = (index: number): Promise<ToolResult> => {
      const decorator = decorators[index];
      return decorator ? decorator(invocation, () => step(index + 1)) : final(invocation);
    };
    return step(0);
  };
}
