import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** Longest part of the target's name kept in a temporary name, so the temporary name stays legal. */
const MAX_NAME_PART = 100;

/** A hidden temporary file name beside `realPath`, unique enough to open with `wx`. */
export function temporaryPathBeside(realPath: string): string {
  const name = basename(realPath).slice(0, MAX_NAME_PART);
  return join(dirname(realPath), `.${name}.${randomBytes(6).toString('hex')}.toolgate-tmp`);
}
