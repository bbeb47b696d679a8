import { inProcessDecorator } from '../executor/in-process-decorator.js';
import { prepareInvocation } from '../executor/invocation-stages.js';
import type { ToolDecorator } from '../executor/tool-invocation.js';

/** Preflight: runs the tool's `prepare` so approval sees the planned change; failures return at once. */
export function withPreflight(): ToolDecorator {
  return inProcessDecorator(async (invocation, next) => (await prepareInvocation(invocation)) ?? next());
}
