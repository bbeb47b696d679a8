import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The argv prefix commands run with: the shell and its flags; the command is appended. */
export interface ShellInvocation {
  readonly file: string;
  readonly args: readonly string[];
  /**
   * Set by a sandbox whose launcher writes, on its file descriptor 3, a JSON object whose
   * `child-pid` is the process it confines the command under, a process that can outlive the
   * launcher's group while the launcher sets up (bubblewrap's `--info-fd 3`). bash then waits for
   * that report before stopping the command, kills that process too and waits until it is gone.
   */
  readonly reportsChildPidOnFd3?: boolean;
}

function isExecutable(path: string): boolean {
  try {
    // A missing file is told by `statSync` without a thrown error: most PATH directories hold no
    // bash, and each error `accessSync` threw built a stack, at every session's start.
    if (statSync(path, { throwIfNoEntry: false }) === undefined) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `bash` from PATH (or /bin/bash) when present, else `/bin/sh`. */
export function findDefaultShell(searchPath = process.env.PATH ?? ''): string {
  for (const directory of searchPath.split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, 'bash');
    if (isExecutable(candidate)) return candidate;
  }
  return isExecutable('/bin/bash') ? '/bin/bash' : '/bin/sh';
}

/** `<shell> -c` or, for a login shell, `<shell> -lc`. */
export function resolveShell(options: { shellPath?: string; loginShell?: boolean }): ShellInvocation {
  return {
    file: options.shellPath ?? findDefaultShell(),
    args: [options.loginShell ? '-lc' : '-c'],
  };
}
