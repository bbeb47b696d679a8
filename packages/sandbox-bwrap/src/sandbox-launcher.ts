/** The descriptor bubblewrap reads the seccomp program from (`--seccomp 9`). */
export const SECCOMP_FD = 9;

// Checks only git's whole-second mtime and size (and the file type and execute bit), so a masked
// file with the secret's size and mtime shows unchanged; appended to the environment's own list.
const GIT_STAT_SETTINGS = `n=\${GIT_CONFIG_COUNT:-0}
case $n in *[!0-9]*|'') n=0;; esac
export "GIT_CONFIG_KEY_$n=core.checkStat" "GIT_CONFIG_VALUE_$n=minimal"
n=$((n + 1))
export "GIT_CONFIG_KEY_$n=core.trustCtime" "GIT_CONFIG_VALUE_$n=false"
export GIT_CONFIG_COUNT=$((n + 1))
`;

/**
 * The command line that starts bubblewrap with the seccomp program open on {@link SECCOMP_FD}:
 * `/bin/sh` opens the file and replaces itself with bubblewrap (`exec`, so the pid, the process
 * group and the descriptors bash gave it stay bubblewrap's). With `gitSeesMasksUnchanged`, it first
 * adds git's stat settings to the environment.
 */
export function sandboxLauncher(options: {
  readonly bwrapPath: string;
  readonly filterPath: string;
  readonly bwrapArgs: readonly string[];
  readonly gitSeesMasksUnchanged: boolean;
}): { readonly file: string; readonly args: string[] } {
  const script = `f=$1; shift\n${options.gitSeesMasksUnchanged ? GIT_STAT_SETTINGS : ''}exec "$0" "$@" ${SECCOMP_FD}<"$f"`;
  return {
    file: '/bin/sh',
    args: ['-c', script, options.bwrapPath, options.filterPath, ...options.bwrapArgs],
  };
}
