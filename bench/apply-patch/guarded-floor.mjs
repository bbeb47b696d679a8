#!/usr/bin/env node
// The guarantees floor for the large case: the least a plain Node process does to apply this
// bench's patch while keeping each of toolgate's write guarantees, and nothing more. The stdin JSON,
// the parser and the string search are node-floor.mjs's (`floor-patch.mjs`), so what separates the two
// floors is the guarantees. Node built-ins only, synchronous calls, Linux (`/proc`). Not a tool; a
// yardstick. What it does, and why that is enough:
//  - Workspace boundary. The root's real path is taken once (`realpathSync.native` of the cwd). Each
//    directory the patch names is opened once (`O_DIRECTORY`) and its real path read back from the
//    descriptor (`/proc/self/fd/N`): it must be the root or under it. Every later call names the file
//    through that descriptor (`/proc/self/fd/N/name`), as core's `pinDirectory` does, so a directory
//    on the way swapped for a symlink after the check cannot redirect a read, a create or a rename.
//    The file is opened `O_NOFOLLOW` (a symlink fails with ELOOP and is refused; the bench has none,
//    toolgate would resolve it) and `O_NONBLOCK` (a FIFO must not block the open), and its `fstat`
//    must say regular file. With the directory's real path inside the root and the last component
//    neither a symlink nor `.`/`..`, the file's real path is the directory's plus its name, so it is
//    inside the root: no `realpath` or `lstat` per file is needed for the boundary. Once the last
//    file is written, the directory's descriptor must still read back as its real path (the pin's
//    `verify`); if it moved meanwhile, the files already written are put back through it.
//  - Outside-change check, before any file is replaced: an `lstat` of its name must give the inode
//    (dev, ino), mode and size of the `fstat` of the descriptor kept open from the read, and that
//    descriptor read again must give the same bytes. A stat comparison alone is not sound: an
//    `fstat` of the kept descriptor describes the inode that was read, not what the name holds now
//    (a file replaced by a rename, as editors and git write, would pass), hence the `lstat` by name;
//    and size, mtime and ctime miss a same-size write within one timestamp tick of the read (a
//    kernel clock tick of a few ms on Linux file systems without multigrain timestamps, 2 s on FAT),
//    the "racy git" case, for which git itself compares content whenever a file changed within the
//    timestamp granularity of its read: here that is every file, copied just before the run. So the
//    bytes are compared, as toolgate does (a touched file with the same bytes passes there too);
//    `lstat` and one `pread` on the kept descriptor are two calls, against a reopen's four.
//  - All or nothing: every file is read and planned, then every file checked, before any is
//    written; a failure while writing (or the pin's verify) puts back the files already written.
//  - Atomic replace: the new bytes go to a temporary file beside the target, created with
//    `O_CREAT|O_EXCL|O_WRONLY|O_NOFOLLOW` and the target's mode, then `fchmod` to that mode (the
//    umask, or a directory's default ACL, decides the mode at creation, and Node cannot read ACLs),
//    closed and renamed over the target. No `fsync`/`fdatasync`: toolgate does not flush by default.
// Left out, since they are not write guarantees or cost nothing here: the protected-path list and
// the read policy (string checks on the path), the per-path locks (in-process, they serialize
// toolgate's own calls; there is one patch per process here), the approval, previews and diffs, and
// the patch grammar's other operations.
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname } from 'node:path';
import { applyHunks, readUpdateSections } from './floor-patch.mjs';

const files = readUpdateSections();

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const root = realpathSync.native(process.cwd());
const inside = root.endsWith('/') ? root : `${root}/`;
/** Directory as the patch names it → its pin: descriptor, real path, prefix naming its entries. */
const pins = new Map();
function pin(directory) {
  let found = pins.get(directory);
  if (found) return found;
  let fd;
  try {
    fd = openSync(directory, constants.O_RDONLY | constants.O_DIRECTORY);
  } catch (error) {
    fail(`${directory}: ${error.code}`);
  }
  const realPath = readlinkSync(`/proc/self/fd/${fd}`);
  if (realPath !== root && !realPath.startsWith(inside)) fail(`${directory} is outside the workspace`);
  found = { fd, realPath, prefix: `/proc/self/fd/${fd}/` };
  pins.set(directory, found);
  return found;
}

/** Reads `length` bytes at offset 0 of `fd` (fewer if the file is shorter now), into `bytes` if given. */
function readAll(fd, length, bytes = Buffer.allocUnsafe(length)) {
  let read = 0;
  while (read < length) {
    const count = readSync(fd, bytes, read, length - read, read);
    if (count === 0) break;
    read += count;
  }
  return bytes.subarray(0, read);
}

// Plan: every file read (through its pinned directory) and patched in memory; nothing written yet.
const plans = [];
for (const file of files) {
  const directory = pin(dirname(file.path));
  const name = basename(file.path);
  if (name === '.' || name === '..') fail(`${file.path} is not a file`);
  let fd;
  try {
    fd = openSync(directory.prefix + name, READ_FLAGS);
  } catch (error) {
    fail(error.code === 'ELOOP' ? `${file.path} is a symbolic link` : `${file.path}: ${error.code}`);
  }
  const stats = fstatSync(fd, { bigint: true });
  if (!stats.isFile()) fail(`${file.path} is not a regular file`);
  const original = readAll(fd, Number(stats.size));
  const content = applyHunks(file, original.toString('utf8'));
  plans.push({
    path: file.path,
    directory,
    name,
    fd,
    dev: stats.dev,
    ino: stats.ino,
    mode: Number(stats.mode) & 0o7777,
    original,
    next: Buffer.from(content),
  });
}

// Check: each name still holds the inode read, with its mode and bytes (read again into one buffer).
const again = Buffer.allocUnsafe(plans.reduce((most, plan) => Math.max(most, plan.original.length), 0));
for (const plan of plans) {
  let now;
  try {
    now = lstatSync(plan.directory.prefix + plan.name, { bigint: true });
  } catch (error) {
    fail(`${plan.path} changed since it was read (${error.code})`);
  }
  if (
    !now.isFile() ||
    now.dev !== plan.dev ||
    now.ino !== plan.ino ||
    (Number(now.mode) & 0o7777) !== plan.mode ||
    Number(now.size) !== plan.original.length ||
    !readAll(plan.fd, plan.original.length, again).equals(plan.original)
  ) {
    fail(`${plan.path} changed since it was read`);
  }
  closeSync(plan.fd);
}

let temporaries = 0;
/** Replaces `name` in `directory` by `bytes` atomically: a temporary file beside it, renamed over it. */
function replace(directory, name, bytes, mode) {
  let temporary;
  let fd;
  for (;;) {
    temporary = `${directory.prefix}.${name.slice(0, 40)}.${process.pid}-${++temporaries}.toolgate-tmp`;
    try {
      fd = openSync(temporary, CREATE_FLAGS, mode);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
  }
  try {
    try {
      let written = 0;
      while (written < bytes.length)
        written += writeSync(fd, bytes, written, bytes.length - written, written);
      fchmodSync(fd, mode);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, directory.prefix + name);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {}
    throw error;
  }
}

// Write: each file replaced; then each pinned directory must still be at its real path.
const written = [];
try {
  for (const plan of plans) {
    replace(plan.directory, plan.name, plan.next, plan.mode);
    written.push(plan);
  }
  for (const { fd, realPath } of pins.values()) {
    if (readlinkSync(`/proc/self/fd/${fd}`) !== realPath) {
      throw new Error(`${realPath} was moved or replaced while the patch was written`);
    }
  }
} catch (error) {
  for (const plan of written.reverse()) replace(plan.directory, plan.name, plan.original, plan.mode);
  fail(`${error.message}; the files written were put back`);
}
process.stdout.write(
  `Success. Updated the following files:\n${plans.map((plan) => `M ${plan.path}\n`).join('')}`,
);
