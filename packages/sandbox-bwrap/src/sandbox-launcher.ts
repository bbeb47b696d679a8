/** The descriptor bubblewrap reads the seccomp program from (`--seccomp 9`). */
export const SECCOMP_FD = 9;

// Appended to git's environment configuration list (after the environment's own entries, which
// it keeps): \`safe.bareRepository=explicit\` always, so a plain directory holding \`HEAD\`,
// \`objects/\` and \`refs/\` (anything a write tool can make) is not taken for a bare repository whose
// \`config\` git would obey (\`core.fsmonitor\`, aliases); one named with \`--git-dir\` still opens.
// With masks, git checks only whole-second mtimes and sizes (and the file type and execute bit),
// so a masked file with the secret's size and mtime shows unchanged.
const GIT_SETTINGS_START = `n=\${GIT_CONFIG_COUNT:-0}
case $n in *[!0-9]*|'') n=0;; esac
`;
const gitSetting = (key: string, value: string) =>
  `export "GIT_CONFIG_KEY_$n=${key}" "GIT_CONFIG_VALUE_$n=${value}"\nn=$((n + 1))\n`;
const GIT_SAFE_SETTINGS = gitSetting('safe.bareRepository', 'explicit');
const GIT_STAT_SETTINGS = gitSetting('core.checkStat', 'minimal') + gitSetting('core.trustCtime', 'false');
const GIT_SETTINGS_END = 'export GIT_CONFIG_COUNT=$n\n';

/**
 * The command line that starts bubblewrap with the seccomp program open on {@link SECCOMP_FD}:
 * `/bin/sh` opens the file and replaces itself with bubblewrap (`exec`, so the pid, the process
 * group and the descriptors bash gave it stay bubblewrap's). It first adds `safe.bareRepository=explicit`
 * to git's environment configuration, and with `gitSeesMasksUnchanged` git's stat settings.
 */
export function sandboxLauncher(options: {
  readonly bwrapPath: string;
  readonly filterPath: string;
  readonly bwrapArgs: readonly string[];
  readonly gitSeesMasksUnchanged: boolean;
}): { readonly file: string; readonly args: string[] } {
  const git =
    GIT_SETTINGS_START +
    GIT_SAFE_SETTINGS +
    (options.gitSeesMasksUnchanged ? GIT_STAT_SETTINGS : '') +
    GIT_SETTINGS_END;
  const script = `f=$1; shift\n${git}exec "$0" "$@" ${SECCOMP_FD}<"$f"`;
  return {
    file: '/bin/sh',
    args: ['-c', script, options.bwrapPath, options.filterPath, ...options.bwrapArgs],
  };
}
