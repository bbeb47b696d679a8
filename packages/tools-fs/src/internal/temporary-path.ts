import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** Bytes of the target's name kept in a temporary name, so it stays under the 255-byte limit. */
const MAX_NAME_PART_BYTES = 100;

/** A hidden temporary file name beside `realPath`, unique enough to open with `wx`. */
export function temporaryPathBeside(realPath: string): string {
  const name = Buffer.from(basename(realPath)).subarray(0, MAX_NAME_PART_BYTES).toString();
  return join(dirname(realPath), `.${name}.${randomBytes(6).toString('hex')}.toolgate-tmp`);
}
