import type { ToolEventListener } from '../events/tool-event.js';
import { inProcessDecorator } from '../executor/in-process-decorator.js';
import type { ToolDecorator } from '../executor/tool-invocation.js';
import { internalErrorFailure } from '../result/internal-error-failure.js';
import type { ToolResult } from '../result/tool-result.js';

function safely(listener: ToolEventListener): ToolEventListener {
  return (event) => {
    try {
      listener(event);
    } catch {
      // A host's listener must not break the call it listens to.
    }
  };
}

/** Events for hosts: tool-call-start and tool-call-end here; approval events from the approval decorator. */
export function withEvents(listener: ToolEventListener): ToolDecorator {
  const report = safely(listener);
  // Listeners are called and not awaited: nothing outside the process is waited for.
  return inProcessDecorator(async (invocation, next) => {
    const previous = invocation.emit;
    invocation.emit = (event) => {
      previous(event);
      report(event);
    };
    // process.hrtime, not performance: the first read of `performance` loads perf_hooks.
    const started = process.hrtime.bigint();
    report({ type: 'tool-call-start', call: invocation.call, definition: invocation.tool.definition });
    let result: ToolResult;
    try {
      result = await next();
    } catch (error) {
      result = internalErrorFailure(invocation.call.name, error);
    }
    report({
      type: 'tool-call-end',
      call: invocation.call,
      result,
      durationMs: Number(process.hrtime.bigint() - started) / 1e6,
    });
    return result;
  });
}
