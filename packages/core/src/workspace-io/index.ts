// The file-system and text primitives the built-in tool packages share: pinned directories,
// atomic and exclusive writes, their failures, and small text helpers. Not the tool-author or host
// contract (that is `@toolgate/core`); a tool package may build on them.
export { readRegularFileThrough } from '../client/read-regular-file-through.js';
export { writeTextThroughClient } from '../client/write-text-through-client.js';
export { findClosestMatches } from '../text/closest-match.js';
export { unifiedDiffHeader } from '../text/unified-diff.js';
export { lenientInteger } from '../tool/lenient-integer.js';
export { lenientWord } from '../tool/lenient-word.js';
export { appendFile } from '../workspace/append-file.js';
export { trackCommit } from '../workspace/commits-in-flight.js';
export { createFileExclusive } from '../workspace/create-file-exclusive.js';
export { fileCalls, type Inode } from '../workspace/file-calls.js';
export { ioFailure } from '../workspace/io-failure.js';
export { assertOpenedAt } from '../workspace/opened-at.js';
export { isPathChangedError, type PinnedDirectory, pinDirectory } from '../workspace/pin-directory.js';
export { createSymlink, removeEmptyDirectory, removeFile } from '../workspace/pinned-entry-operations.js';
export { readWhole } from '../workspace/read-whole.js';
export { statIfExists } from '../workspace/stat-if-exists.js';
export { systemErrorText } from '../workspace/system-error-text.js';
export { isTemporaryName, TEMPORARY_NAME_GLOB, temporaryName } from '../workspace/temporary-name.js';
export { writeFailure } from '../workspace/write-failure.js';
export { writeFileAtomic } from '../workspace/write-file-atomic.js';
