import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Where the kernel's generator is read; false once it failed to answer as a character device. */
const DEVICE = '/dev/urandom';
let deviceAnswers = true;

/**
 * `count` random bytes from the kernel's generator. They are read from `/dev/urandom`, which never
 * blocks, with the `fs` Node loads before any user code. Where there is no such device (Windows),
 * or what is there is not a character device, or it gives fewer bytes, they come from node:crypto's
 * `randomBytes` instead, which draws on the same generator. Why: loading node:crypto takes a
 * one-shot write call about 6 ms, and it needs nothing else from it.
 */
export function kernelRandomBytes(count: number): Buffer {
  const fromDevice = deviceAnswers ? readCharacterDevice(DEVICE, count) : undefined;
  if (fromDevice) return fromDevice;
  deviceAnswers = false;
  return process.getBuiltinModule('node:crypto').randomBytes(count);
}

/** `count` bytes read from the character device at `path`; undefined if it is not one or gives fewer. */
export function readCharacterDevice(path: string, count: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isCharacterDevice()) return undefined;
    const bytes = Buffer.allocUnsafe(count);
    let length = 0;
    while (length < count) {
      const read = readSync(fd, bytes, length, count - length, null);
      if (read === 0) return undefined;
      length += read;
    }
    return bytes;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
