import { kernelRandomBytes } from './kernel-random-bytes.js';

/** Bytes of the target's name kept in a temporary name, so it stays under the 255-byte limit. */
const MAX_NAME_PART_BYTES = 100;

/** Every temporary file a write makes ends with this, so a leftover is easy to recognise. */
export const TEMPORARY_SUFFIX = '.toolgate-tmp';

const RANDOM_BYTES = 6;
/** Random bytes drawn a batch at a time (a batch of writes names hundreds of files); each used once. */
const POOL_NAMES = 128;
let pool: Buffer = Buffer.alloc(0);
let offset = 0;

/** A hidden temporary name for a file beside `name`, unique enough to create exclusively. */
export function temporaryName(name: string): string {
  if (offset + RANDOM_BYTES > pool.length) {
    pool = kernelRandomBytes(RANDOM_BYTES * POOL_NAMES);
    offset = 0;
  }
  const random = pool.toString('hex', offset, offset + RANDOM_BYTES);
  offset += RANDOM_BYTES;
  const part = Buffer.from(name).subarray(0, MAX_NAME_PART_BYTES).toString();
  return `.${part}.${random}${TEMPORARY_SUFFIX}`;
}

const HEX_DIGITS = RANDOM_BYTES * 2;

/**
 * The shape of a {@link temporaryName} as a glob, for ripgrep's `--iglob`: `.`, a name, `.`, the
 * random bytes in hex, the suffix. Compared without regard to case, as {@link isTemporaryName}
 * compares: on a case-insensitive file system (macOS, Windows) `.A.0123456789AB.TOOLGATE-TMP`
 * names the same file as `.a.0123456789ab.toolgate-tmp`.
 */
export const TEMPORARY_NAME_GLOB = `.?*.${'[0-9a-f]'.repeat(HEX_DIGITS)}${TEMPORARY_SUFFIX}`;

/** {@link TEMPORARY_NAME_GLOB} as a regular expression: the same shape, built from the same parts. */
const TEMPORARY_NAME = new RegExp(
  `^\\.[^/]+\\.[0-9a-f]{${HEX_DIGITS}}${TEMPORARY_SUFFIX.replaceAll('.', '\\.')}$`,
  'is',
);

/**
 * True when `name` has the shape of a {@link temporaryName} (in any case): a write in progress, or
 * one a killed process left. That shape and no other, so a user's own `notes.toolgate-tmp` is an
 * ordinary file.
 */
export function isTemporaryName(name: string): boolean {
  // Most names a walker asks about fail the first test; the expression runs only for hidden ones.
  return name.startsWith('.') && TEMPORARY_NAME.test(name);
}
