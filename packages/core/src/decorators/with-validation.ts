import { inProcessDecorator } from '../executor/in-process-decorator.js';
import { validateInvocation } from '../executor/invocation-stages.js';
import type { ToolDecorator } from '../executor/tool-invocation.js';

/**
 * Argument validation: JSON text or object, invalid JSON, schema violations and unknown fields →
 * `invalid_arguments`, before anything else runs.
 */
export function withValidation(): ToolDecorator {
  return inProcessDecorator(async (invocation, next) => validateInvocation(invocation) ?? next());
}
