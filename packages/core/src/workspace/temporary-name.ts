import { randomBytes } from 'node:crypto';

/** Bytes of the target's name kept in a temporary name, so it stays under the 255-byte limit. */
const MAX_NAME_PART_BYTES = 100;

/** Every temporary file a write makes ends with this, so a leftover is easy to recognise. */
export const TEMPORARY_SUFFIX = '.toolgate-tmp';

/** A hidden temporary name for a file beside `name`, unique enough to create exclusively. */
export function temporaryName(name: string): string {
  const part = Buffer.from(name).subarray(0, MAX_NAME_PART_BYTES).toString();
  return `.${part}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;
}
