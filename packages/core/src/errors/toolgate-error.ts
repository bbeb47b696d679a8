const MARKER = Symbol.for('toolgate.error');

/**
 * Thrown only for misuse of the library (duplicate tool names, a registry without its executor,
 * invalid options). A tool's own failure is a result, never one of these.
 * Checks use a `Symbol.for` marker, so they work across copies of the package.
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
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}

/** Two tools in one surface claim the same name, or a non-built-in tool claims a built-in name. */
export class DuplicateToolError extends ToolgateError {
  constructor(message: string) {
    super('duplicate_tool', message);
    this.name = 'DuplicateToolError';
  }
}

/** A surface was built from parts that do not belong together (seed §15). */
export class SurfaceConstructionError extends ToolgateError {
  constructor(message: string) {
    super('surface_construction', message);
    this.name = 'SurfaceConstructionError';
  }
}

/** Options passed to a factory are invalid. */
export class InvalidOptionsError extends ToolgateError {
  constructor(message: string) {
    super('invalid_options', message);
    this.name = 'InvalidOptionsError';
  }
}
