import type { LocalSandboxSession } from '../executor/sandbox-session.js';

/**
 * A local sandbox for tests shaped like bubblewrap's launcher: it starts the shell in a session of
 * its own (out of reach of a process-group kill), reports that child's pid on fd 3 as JSON
 * `{"child-pid": N}`, and waits for it.
 */
export function createChildReportingSandbox(): LocalSandboxSession {
  return {
    id: 'sbx_reporting',
    providerId: 'reporting',
    async wrapShell(request) {
      return {
        file: '/bin/bash',
        args: [
          '-c',
          `setsid "$@" & printf '{"child-pid": %d}' "$!" >&3; exec 3>&-; wait`,
          'launcher',
          request.shell.file,
          ...request.shell.args,
        ],
        reportsChildPidOnFd3: true,
      };
    },
  };
}
