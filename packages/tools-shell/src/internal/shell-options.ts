import { integerOption } from '@toolgate/core';

/** Default cap per output stream: 256 KiB. */
export const DEFAULT_MAX_OUTPUT_BYTES = 262_144;

/** `maxOutputBytes` checked (at least 1024), or the default. */
export function maxOutputBytesOption(value: number | undefined): number {
  return integerOption('maxOutputBytes', value, DEFAULT_MAX_OUTPUT_BYTES, { minimum: 1024 });
}

/** `killGraceMs` checked (0 or more), or the default of 1000. */
export function killGraceMsOption(value: number | undefined): number {
  return integerOption('killGraceMs', value, 1000, { minimum: 0 });
}

/** `defaultTimeoutMs` checked (at most what a timer holds), or the default of 30000. */
export function defaultTimeoutMsOption(value: number | undefined): number {
  return integerOption('defaultTimeoutMs', value, 30_000, { maximum: 2_147_483_647 });
}
