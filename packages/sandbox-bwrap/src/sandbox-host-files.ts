import { rmSync } from 'node:fs';
import { access, mkdtemp, open, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a secret's mask copies from it: nothing of its content. */
export interface MaskShape {
  readonly size: number;
  readonly mtimeMs: number;
  /** The secret's mode; the mask keeps only its owner-execute bit. */
  readonly mode: number;
}

/**
 * Files on the host that sandboxes bind in or read at start: the seccomp program and the masks
 * shown in place of secret files. They live in one private directory per process (`mkdtemp`,
 * mode 0700, under the temp directory), removed when the process exits; when something removes it
 * earlier (a temp cleaner), the next command makes it again.
 */
export interface SandboxHostFiles {
  /** The path of the seccomp program, written if missing. */
  filter(): Promise<string>;
  /**
   * A file with the secret's size, modification time and execute bit, holding only zeros (a sparse
   * file) and readable by nobody: git's stat check finds it unchanged, and reading it is refused.
   */
  maskFor(shape: MaskShape): Promise<string>;
}

let directory: Promise<string> | undefined;
let removeAtExit: (() => void) | undefined;

function privateDirectory(): Promise<string> {
  directory ??= mkdtemp(join(tmpdir(), 'toolgate-sandbox-')).then((path) => {
    if (removeAtExit) process.removeListener('exit', removeAtExit);
    removeAtExit = () => rmSync(path, { recursive: true, force: true });
    process.once('exit', removeAtExit);
    return path;
  });
  return directory;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Writes `path` whole or not at all (a temp name, then a rename), with `prepare` on the open file. */
async function writeAtomically(
  path: string,
  prepare: (file: Awaited<ReturnType<typeof open>>) => Promise<void>,
): Promise<void> {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const file = await open(temporary, 'wx', 0o600);
  try {
    await prepare(file);
  } finally {
    await file.close();
  }
  await rename(temporary, path);
}

/** The host files for sandboxes filtered by `program` (the same program for every sandbox of a process). */
export function sandboxHostFiles(program: Uint8Array): SandboxHostFiles {
  // A directory removed under us is made again once; a second failure is the caller's error.
  const inDirectory = async <T>(use: (directory: string) => Promise<T>): Promise<T> => {
    const current = await privateDirectory();
    if (await exists(current)) return use(current);
    if (directory !== undefined && (await directory) === current) directory = undefined;
    return use(await privateDirectory());
  };
  return {
    filter: () =>
      inDirectory(async (root) => {
        const path = join(root, 'unix-socket-filter.bpf');
        if (!(await exists(path))) {
          await writeAtomically(path, async (file) => {
            await file.writeFile(program);
            await file.chmod(0o400);
          });
        }
        return path;
      }),
    maskFor: ({ size, mtimeMs, mode }) =>
      inDirectory(async (root) => {
        const execute = mode & 0o100;
        const path = join(root, `mask-${size}-${mtimeMs}-${execute.toString(8)}`);
        if (!(await exists(path))) {
          await writeAtomically(path, async (file) => {
            await file.truncate(size);
            const mtime = new Date(mtimeMs);
            await file.utimes(mtime, mtime);
            await file.chmod(execute);
          });
        }
        return path;
      }),
  };
}
