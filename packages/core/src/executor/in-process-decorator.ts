import type { ToolDecorator } from './tool-invocation.js';

const IN_PROCESS = Symbol.for('toolgate.inProcessDecorator');

/**
 * Marks a decorator that never waits on anything outside this process (a person, a hook's
 * command, a client): it only decides, counts or records. A call whose chain holds only such
 * decorators, and whose approval asked no one, runs its tool with `planCurrent` set (see
 * `ToolExecuteContext`). A decorator without the mark is taken to wait outside (fail closed).
 */
export function inProcessDecorator(decorator: ToolDecorator): ToolDecorator {
  return Object.assign(decorator, { [IN_PROCESS]: true });
}

/** Whether {@link inProcessDecorator} marked `decorator`. */
export function isInProcessDecorator(decorator: ToolDecorator): boolean {
  return (decorator as unknown as Record<symbol, unknown>)[IN_PROCESS] === true;
}
