/**
 * The option grammar of a program that runs another command (`env`, `xargs`, `sudo`, …), written
 * from its documentation (GNU coreutils, findutils, util-linux, procps-ng, sudo, OpenBSD doas, bash
 * builtins). Every one of them stops reading options at its first operand (getopt's `+`).
 */
export interface WrapperGrammar {
  /** Short options without a value, as letters (`env -i` → `i`). */
  readonly flags?: string;
  /** Short options with a value, attached or the next word (`-n 5`, `-n5`). */
  readonly withValue?: string;
  /** Short options whose value is optional and only attached (`xargs -i{}`, `xargs -e`). */
  readonly optionalValue?: string;
  /** Long options without a value (`--null`). */
  readonly longFlags?: readonly string[];
  /** Long options with a value, `--name=value` or the next word. */
  readonly longWithValue?: readonly string[];
  /** Long options whose value is optional and only after `=` (`--replace[=R]`). */
  readonly longOptionalValue?: readonly string[];
  /** Options whose value is a command line a shell runs (`flock -c`, `su -c`, `watch` has none). */
  readonly scriptOptions?: readonly string[];
  /** Options whose value is split into the command's words (`env -S`). */
  readonly splitOptions?: readonly string[];
  /** Operands before the command (`timeout DURATION`, `chroot NEWROOT`, `flock FILE`). */
  readonly operands?: number;
  /** `NAME=value` words before the command (`env`, `sudo`). */
  readonly assignments?: boolean;
  /** `-N` is a value (`nice -5`). */
  readonly numericOption?: boolean;
  /** `-` alone is an option (`env -`, `su -`). */
  readonly dashIsOption?: boolean;
  /** The command's words are joined with spaces and run by `sh -c` (`watch`), unless one of these options is given. */
  readonly joinsIntoShell?: { readonly unless: readonly string[] };
  /** The command's words are joined and run by a shell when one of these options is given (`sudo -s`). */
  readonly shellWhen?: readonly string[];
  /** Arguments are appended to the command when it runs (`xargs`): unknown words. */
  readonly appendsArguments?: boolean;
  /** The command when none is given (`xargs` runs `echo`). */
  readonly defaultCommand?: string;
  /** Its operands are not a command (`su USER`, `script FILE`): only its script options run. */
  readonly runsNoCommand?: boolean;
  /** Options may follow operands (getopt without `+`): every word is read for script options. */
  readonly permutes?: boolean;
  /** Options with which it runs no command: its operands are names or ids (`command -v`, `ionice -p`). */
  readonly runsNothingWith?: readonly string[];
}

/** Every wrapper the analyzer sees through, by program name. */
export const WRAPPER_GRAMMARS: Readonly<Record<string, WrapperGrammar>> = {
  // GNU coreutils env(1).
  env: {
    flags: 'i0v',
    withValue: 'uCS',
    longFlags: ['ignore-environment', 'null', 'debug', 'list-signal-handling', 'help', 'version'],
    longWithValue: ['unset', 'chdir', 'split-string'],
    longOptionalValue: ['default-signal', 'ignore-signal', 'block-signal'],
    splitOptions: ['-S', '--split-string'],
    assignments: true,
    dashIsOption: true,
  },
  // GNU findutils xargs(1).
  xargs: {
    flags: '0oprtx',
    withValue: 'aEIdLnPs',
    optionalValue: 'eil',
    longFlags: [
      'null',
      'open-tty',
      'interactive',
      'no-run-if-empty',
      'verbose',
      'exit',
      'show-limits',
      'help',
      'version',
    ],
    longWithValue: ['arg-file', 'delimiter', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'],
    longOptionalValue: ['eof', 'replace', 'max-lines'],
    appendsArguments: true,
    defaultCommand: 'echo',
  },
  // GNU coreutils nice(1): `-n N`, `--adjustment=N`, and the old `-N`.
  nice: {
    withValue: 'n',
    longWithValue: ['adjustment'],
    longFlags: ['help', 'version'],
    numericOption: true,
  },
  nohup: { longFlags: ['help', 'version'] },
  // GNU coreutils timeout(1).
  timeout: {
    flags: 'vfp',
    withValue: 'ks',
    longFlags: ['preserve-status', 'foreground', 'verbose', 'help', 'version'],
    longWithValue: ['kill-after', 'signal'],
    operands: 1,
  },
  // GNU coreutils stdbuf(1).
  stdbuf: { withValue: 'ioe', longWithValue: ['input', 'output', 'error'], longFlags: ['help', 'version'] },
  // sudo(8) 1.9.
  sudo: {
    flags: 'AbBEeHiKklNnPSsVv',
    withValue: 'aCcDghpRrTtUu',
    // `-h HOST` (sudo 1.9) takes a host; `-h` alone (help) leaves the command unknown.
    longFlags: [
      'askpass',
      'background',
      'bell',
      'edit',
      'help',
      'set-home',
      'login',
      'remove-timestamp',
      'reset-timestamp',
      'list',
      'no-update',
      'non-interactive',
      'preserve-groups',
      'stdin',
      'shell',
      'version',
      'validate',
    ],
    longWithValue: [
      'auth-type',
      'close-from',
      'login-class',
      'chdir',
      'group',
      'host',
      'prompt',
      'chroot',
      'role',
      'command-timeout',
      'type',
      'other-user',
      'user',
    ],
    longOptionalValue: ['preserve-env'],
    assignments: true,
    shellWhen: ['-s', '-i', '--shell', '--login'],
    // `sudo -e FILE` edits files; `sudo -l CMD` (which lists whether CMD may run) is judged as CMD.
    runsNothingWith: ['-e', '--edit'],
  },
  // OpenBSD doas(1).
  doas: { flags: 'nsL', withValue: 'uC' },
  // bash builtins.
  command: { flags: 'pvV', runsNothingWith: ['-v', '-V'] },
  builtin: {},
  exec: { flags: 'cl', withValue: 'a' },
  // GNU time(1); bash's `time -p` is the same word.
  time: {
    flags: 'apqvV',
    withValue: 'fo',
    longFlags: ['append', 'portability', 'quiet', 'verbose', 'version', 'help'],
    longWithValue: ['format', 'output'],
  },
  // GNU coreutils chroot(8).
  chroot: {
    longFlags: ['skip-chdir', 'help', 'version'],
    longWithValue: ['userspec', 'groups'],
    operands: 1,
  },
  // util-linux setsid(1).
  setsid: { flags: 'cfwhV', longFlags: ['ctty', 'fork', 'wait', 'help', 'version'] },
  // util-linux flock(1): `flock [options] FILE COMMAND…` or `flock [options] FILE -c COMMAND`.
  flock: {
    flags: 'sxeunoFhV',
    withValue: 'wEc',
    longFlags: [
      'shared',
      'exclusive',
      'unlock',
      'nonblock',
      'nb',
      'close',
      'no-fork',
      'verbose',
      'help',
      'version',
    ],
    longWithValue: ['wait', 'timeout', 'conflict-exit-code', 'command'],
    scriptOptions: ['-c', '--command'],
    operands: 1,
  },
  // util-linux ionice(1).
  ionice: {
    flags: 'thV',
    withValue: 'cnpPu',
    longFlags: ['ignore', 'help', 'version'],
    longWithValue: ['class', 'classdata', 'pid', 'pgid', 'uid'],
    runsNothingWith: ['-p', '-P', '-u', '--pid', '--pgid', '--uid'],
  },
  // util-linux taskset(1): `taskset [options] MASK COMMAND…`.
  taskset: {
    flags: 'acphV',
    longFlags: ['all-tasks', 'cpu-list', 'pid', 'help', 'version'],
    operands: 1,
    runsNothingWith: ['-p', '--pid'],
  },
  // util-linux unshare(1).
  unshare: {
    flags: 'muinpUCTfrchV',
    withValue: 'RwSGl',
    longFlags: ['fork', 'map-root-user', 'map-current-user', 'map-auto', 'keep-caps', 'help', 'version'],
    longWithValue: [
      'propagation',
      'setgroups',
      'root',
      'wd',
      'setuid',
      'setgid',
      'monotonic',
      'boottime',
      'map-user',
      'map-group',
      'map-users',
      'map-groups',
      'load-interp',
    ],
    longOptionalValue: [
      'mount',
      'uts',
      'ipc',
      'net',
      'pid',
      'user',
      'cgroup',
      'time',
      'kill-child',
      'mount-proc',
    ],
  },
  // procps-ng watch(1): the command's words are joined and run by `sh -c`, unless `-x`.
  watch: {
    flags: 'bcCeghprtwxv',
    withValue: 'nq',
    optionalValue: 'd',
    longFlags: [
      'beep',
      'color',
      'no-color',
      'errexit',
      'chgexit',
      'precise',
      'no-rerun',
      'no-title',
      'no-wrap',
      'exec',
      'help',
      'version',
    ],
    longWithValue: ['interval', 'equexit'],
    longOptionalValue: ['differences'],
    joinsIntoShell: { unless: ['-x', '--exec'] },
  },
  // util-linux su(1) and runuser(1): `-c` strings run by the target user's shell.
  su: {
    runsNoCommand: true,
    permutes: true,
    flags: 'flmpPhV',
    withValue: 'cgGsw',
    longFlags: ['fast', 'login', 'preserve-environment', 'pty', 'help', 'version'],
    longWithValue: ['command', 'session-command', 'group', 'supp-group', 'shell', 'whitelist-environment'],
    scriptOptions: ['-c', '--command', '--session-command'],
    dashIsOption: true,
  },
  runuser: {
    runsNoCommand: true,
    permutes: true,
    flags: 'flmpPhV',
    withValue: 'cgGsuw',
    longFlags: ['fast', 'login', 'preserve-environment', 'pty', 'help', 'version'],
    longWithValue: [
      'command',
      'session-command',
      'group',
      'supp-group',
      'shell',
      'user',
      'whitelist-environment',
    ],
    scriptOptions: ['-c', '--command', '--session-command'],
    dashIsOption: true,
  },
  // util-linux script(1): `-c COMMAND` runs through a shell.
  script: {
    runsNoCommand: true,
    permutes: true,
    flags: 'aeEfqrtTV',
    withValue: 'cIOBmT',
    longFlags: ['append', 'return', 'flush', 'force', 'quiet', 'help', 'version'],
    longWithValue: [
      'command',
      'log-in',
      'log-out',
      'log-io',
      'log-timing',
      'logging-format',
      'echo',
      'output-limit',
    ],
    scriptOptions: ['-c', '--command'],
  },
  // BusyBox and toybox: `busybox APPLET ARGS…`.
  busybox: {},
  toybox: {},
  // GNU parallel(1): the command's words are joined and run by a shell; options past these few ask.
  parallel: {
    flags: 'kqv0',
    withValue: 'jaSdI',
    longFlags: [
      'keep-order',
      'quote',
      'verbose',
      'null',
      'dry-run',
      'halt-on-error',
      'bar',
      'progress',
      'eta',
      'line-buffer',
      'ungroup',
      'group',
      'tag',
      'no-notice',
    ],
    longWithValue: [
      'jobs',
      'arg-file',
      'sshlogin',
      'delimiter',
      'replace',
      'results',
      'joblog',
      'timeout',
      'retries',
      'halt',
    ],
    joinsIntoShell: { unless: [] },
  },
  // bash's `coproc [NAME] command`, which the grammar reads as a command named coproc.
  coproc: {},
  // util-linux chrt(1): `chrt [options] PRIORITY COMMAND…`.
  chrt: {
    flags: 'abdfiomRvhVpe',
    withValue: 'TPD',
    longFlags: [
      'all-tasks',
      'batch',
      'deadline',
      'fifo',
      'idle',
      'other',
      'rr',
      'ext',
      'reset-on-fork',
      'max',
      'pid',
      'verbose',
      'help',
      'version',
    ],
    longWithValue: ['sched-runtime', 'sched-period', 'sched-deadline'],
    operands: 1,
  },
  // util-linux nsenter(1).
  nsenter: {
    flags: 'aFZhV',
    withValue: 'tSGrwe',
    optionalValue: 'muinpUCT',
    longFlags: ['all', 'no-fork', 'preserve-credentials', 'follow-context', 'keep-caps', 'help', 'version'],
    longWithValue: ['target', 'setuid', 'setgid', 'root', 'wd', 'wdns', 'env', 'join-cgroup', 'user-parent'],
    longOptionalValue: ['mount', 'uts', 'ipc', 'net', 'pid', 'user', 'cgroup', 'time'],
  },
  // util-linux setpriv(1).
  setpriv: {
    flags: 'dhV',
    longFlags: [
      'dump',
      'no-new-privs',
      'clear-groups',
      'keep-groups',
      'init-groups',
      'reset-env',
      'help',
      'version',
    ],
    longWithValue: [
      'inh-caps',
      'ambient-caps',
      'bounding-set',
      'ruid',
      'euid',
      'reuid',
      'rgid',
      'egid',
      'regid',
      'groups',
      'securebits',
      'pdeathsig',
      'selinux-label',
      'apparmor-profile',
      'landlock-access',
      'landlock-rule',
      'seccomp-filter',
    ],
  },
  // util-linux prlimit(1): `prlimit [options] COMMAND…` (`--pid` runs nothing).
  prlimit: {
    flags: 'ohV',
    withValue: 'p',
    optionalValue: 'ABcdefilmnqrRstvxy',
    longFlags: ['noheadings', 'raw', 'verbose', 'help', 'version'],
    longWithValue: ['pid', 'output'],
    longOptionalValue: [
      'as',
      'core',
      'cpu',
      'data',
      'fsize',
      'locks',
      'memlock',
      'msgqueue',
      'nice',
      'nofile',
      'nproc',
      'rss',
      'rtprio',
      'rttime',
      'sigpending',
      'stack',
    ],
  },
  // util-linux setarch(8) and its links: `setarch ARCH [options] [COMMAND…]`.
  setarch: {
    flags: 'vRFZLXBIST3h',
    longFlags: [
      'verbose',
      'addr-no-randomize',
      'fdpic-funcptrs',
      'mmap-page-zero',
      'addr-compat-layout',
      'read-implies-exec',
      '32bit',
      'short-inode',
      'whole-seconds',
      'sticky-timeouts',
      '3gb',
      '4gb',
      'uname-2.6',
      'list',
      'help',
      'version',
    ],
    operands: 1,
  },
  linux32: {
    flags: 'vRFZLXBIST3h',
    longFlags: ['verbose', '3gb', '4gb', 'uname-2.6', 'addr-no-randomize', 'help', 'version'],
  },
  linux64: {
    flags: 'vRFZLXBIST3h',
    longFlags: ['verbose', '3gb', '4gb', 'uname-2.6', 'addr-no-randomize', 'help', 'version'],
  },
  // polkit pkexec(1).
  pkexec: { longFlags: ['disable-internal-agent', 'keep-cwd', 'help', 'version'], longWithValue: ['user'] },
  // SELinux runcon(1).
  runcon: {
    flags: 'c',
    withValue: 'utrl',
    longFlags: ['compute', 'help', 'version'],
    longWithValue: ['user', 'role', 'type', 'range'],
  },
  // fakeroot(1).
  fakeroot: {
    flags: 'uvh',
    withValue: 'lsbi',
    longFlags: ['unknown-is-real', 'version', 'help'],
    longWithValue: ['lib', 'faked'],
  },
  // numactl(8).
  numactl: {
    flags: 'alsSH',
    withValue: 'iNmCpPbw',
    longFlags: [
      'all',
      'localalloc',
      'show',
      'hardware',
      'length',
      'huge',
      'touch',
      'strict',
      'dump',
      'dump-nodes',
    ],
    longWithValue: [
      'interleave',
      'weighted-interleave',
      'cpunodebind',
      'membind',
      'physcpubind',
      'preferred',
      'preferred-many',
      'balancing',
    ],
  },
  // strace(1) and ltrace(1): tracers run their command.
  strace: {
    flags: 'cdfFhiqrtTvVwxyzZCDkn',
    withValue: 'abeEIoOpPsSuUX',
    longFlags: [
      'summary-only',
      'summary',
      'debug',
      'follow-forks',
      'output-separately',
      'help',
      'instruction-pointer',
      'relative-timestamps',
      'syscall-times',
      'no-abbrev',
      'version',
      'summary-wall-clock',
      'daemonize',
      'seccomp-bpf',
      'stack-trace',
    ],
    longOptionalValue: ['quiet', 'silence', 'timestamps', 'absolute-timestamps'],
    longWithValue: [
      'detach-on',
      'expr',
      'env',
      'output',
      'attach',
      'trace-path',
      'string-limit',
      'summary-sort-by',
      'user',
      'summary-columns',
      'const-print-style',
      'decode-fds',
      'decode-pids',
      'trace',
      'signal',
      'status',
      'abbrev',
      'verbose',
      'raw',
      'read',
      'write',
      'inject',
      'fault',
    ],
  },
  ltrace: {
    flags: 'bcCfhiLrStTV',
    withValue: 'aAeFlnopsuDwx',
    longFlags: ['demangle', 'help', 'version', 'no-signals'],
    longWithValue: ['align', 'output', 'indent', 'library', 'config'],
  },
  // GNU time's siblings: torsocks(1), proxychains(1), unbuffer(1) run their command.
  torsocks: {
    flags: 'diqh',
    withValue: 'uapP',
    longFlags: ['shell', 'isolate', 'quiet', 'debug', 'help', 'version'],
    longWithValue: ['user', 'pass', 'address', 'port'],
  },
  proxychains: { flags: 'q', withValue: 'f' },
  proxychains4: { flags: 'q', withValue: 'f' },
  unbuffer: { flags: 'p' },
  // xvfb-run(1) and dbus-run-session(1).
  'xvfb-run': {
    flags: 'ah',
    withValue: 'efnlps',
    longFlags: ['auto-servernum', 'help', 'listen-tcp'],
    longWithValue: ['error-file', 'auth-file', 'server-num', 'xauth-protocol', 'server-args', 'wait'],
  },
  'dbus-run-session': { longFlags: ['help', 'version'], longWithValue: ['config-file', 'dbus-daemon'] },
  // faketime(1): `faketime [options] TIMESTAMP COMMAND…`.
  faketime: {
    flags: 'mh',
    withValue: 'fp',
    longFlags: ['exclude-monotonic', 'help', 'version'],
    longWithValue: ['date-prog'],
    operands: 1,
  },
  // OpenSSH ssh(1): `ssh [options] DESTINATION COMMAND…` joins COMMAND for the remote shell (which
  // may be this machine's).
  ssh: {
    flags: '46AaCfGgKkMNnqsTtVvXxYy',
    withValue: 'BbcDEeFIiJLlmOoPpQRSWw',
    operands: 1,
    joinsIntoShell: { unless: [] },
  },
  // sg(1): `sg GROUP [-c] COMMAND` runs COMMAND with /bin/sh -c.
  // Without `-c` the words after GROUP are joined and run by /bin/sh -c.
  sg: { withValue: 'c', scriptOptions: ['-c'], operands: 1, joinsIntoShell: { unless: [] } },
  // moreutils chronic(1): `chronic [-ev] COMMAND…`.
  chronic: { flags: 'ev' },
  // glibc catchsegv(1): `catchsegv PROGRAM [ARGS]`.
  catchsegv: {},
  // entr(1): `entr [-acdnprsz] UTILITY [ARGS]`; with `-s` UTILITY is a command line run by $SHELL -c.
  entr: { flags: 'acdnprsz', shellWhen: ['-s'] },
};
