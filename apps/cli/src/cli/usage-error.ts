const USAGE_ERROR = Symbol.for('toolgate.cli.UsageError');

/**
 * A usage or configuration problem (unknown option, bad ARGS, bad config file): the CLI prints the
 * message and exits 2. Marked with `Symbol.for` so checks work across package copies.
 */
export class UsageError extends Error {
  readonly [USAGE_ERROR] = true;
  override readonly name = 'UsageError';

  /** True for a {@link UsageError} from any copy of this package. */
  static isInstance(value: unknown): value is UsageError {
    return typeof value === 'object' && value !== null && USAGE_ERROR in value;
  }
}
