const MARKER = Symbol.for('toolgate.error');
const DUPLICATE_TOOL_MARKER = Symbol.for('toolgate.error.duplicate_tool');
const INVALID_OPTIONS_MARKER = Symbol.for('toolgate.error.invalid_options');

function hasMarker(value: unknown, marker: symbol): boolean {
  return typeof value === 'object' && value !== null && marker in value;
}

/**
 * Thrown only for misuse of the library (duplicate tool names, a registry without its executor,
 * invalid options). A tool's own failure is a result, never one of these.
 * Checks use `Symbol.for` markers, one per class, so they work across copies of the package and
 * `DuplicateToolError.isInstance` is false for an `InvalidOptionsError`.
 */
export class ToolgateError extends Error {
  /** Machine-readable reason. */
  readonly code: string;
  readonly [MARKER] = true;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ToolgateError';
    this.code = code;
  }

  /** True for any toolgate error, from any copy of the package. */
  static isInstance(error: unknown): error is ToolgateError {
    return hasMarker(error, MARKER);
  }
}

/** Two tools in one surface claim the same name, or a non-built-in tool claims a built-in name. */
export class DuplicateToolError extends ToolgateError {
  readonly [DUPLICATE_TOOL_MARKER] = true;

  constructor(message: string) {
    super('duplicate_tool', message);
    this.name = 'DuplicateToolError';
  }

  /** True for a {@link DuplicateToolError} from any copy of the package. */
  static override isInstance(error: unknown): error is DuplicateToolError {
    return hasMarker(error, DUPLICATE_TOOL_MARKER);
  }
}

/** Options passed to a factory are invalid. */
export class InvalidOptionsError extends ToolgateError {
  readonly [INVALID_OPTIONS_MARKER] = true;

  constructor(message: string) {
    super('invalid_options', message);
    this.name = 'InvalidOptionsError';
  }

  /** True for an {@link InvalidOptionsError} from any copy of the package. */
  static override isInstance(error: unknown): error is InvalidOptionsError {
    return hasMarker(error, INVALID_OPTIONS_MARKER);
  }
}
