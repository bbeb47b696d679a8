import type { ToolResult } from '../result/tool-result.js';
import { isInProcessDecorator } from './in-process-decorator.js';
import type { ToolDecorator, ToolInvocation } from './tool-invocation.js';

/**
 * Composes decorators around a final step; the first decorator is the outermost. The standard
 * order is events → validation → preflight → approval → [host decorators] → execute. A decorator
 * not marked {@link inProcessDecorator} sets the call's `waitedOutside` as it is entered.
 */
export function composeDecorators(
  decorators: readonly ToolDecorator[],
  final: (invocation: ToolInvocation) => Promise<ToolResult>,
): (invocation: ToolInvocation) => Promise<ToolResult> {
  const inProcess = decorators.map(isInProcessDecorator);
  return (invocation) => {
    const step = (index: number): Promise<ToolResult> => {
      const decorator = decorators[index];
      if (!decorator) return final(invocation);
      if (!inProcess[index]) invocation.waitedOutside = true;
      return decorator(invocation, () => step(index + 1));
    };
    return step(0);
  };
}
