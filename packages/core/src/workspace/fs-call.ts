/**
 * One callback-style call of `node:fs` as a promise. Plain descriptors cost less than `FileHandle`s
 * (no handle object, no close tracking), which shows when a patch reads and writes hundreds of files.
 */
export function fsCall<T>(
  start: (done: (error: NodeJS.ErrnoException | null, value: T) => void) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    start((error, value) => (error ? reject(error) : resolve(value)));
  });
}
