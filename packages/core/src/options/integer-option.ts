import { InvalidOptionsError } from '../errors/toolgate-error.js';

/** The range {@link integerOption} accepts, both ends included. */
export interface IntegerRange {
  /** @default 1 */
  readonly minimum?: number;
  /** @default Number.MAX_SAFE_INTEGER */
  readonly maximum?: number;
}

/**
 * Reads an integer option of a factory: `fallback` when absent, the value when it is a safe integer
 * in range, otherwise an `InvalidOptionsError` that names the option, the range and what it got.
 */
export function integerOption(
  name: string,
  value: number | undefined,
  fallback: number,
  range: IntegerRange = {},
): number {
  if (value === undefined) return fallback;
  const { minimum = 1, maximum = Number.MAX_SAFE_INTEGER } = range;
  if (!Number.isSafeInteger(value) || value < minimum || value > maximum) {
    const expected =
      maximum === Number.MAX_SAFE_INTEGER ? `of at least ${minimum}` : `from ${minimum} to ${maximum}`;
    throw new InvalidOptionsError(`${name} must be an integer ${expected}; got ${String(value)}`);
  }
  return value;
}
