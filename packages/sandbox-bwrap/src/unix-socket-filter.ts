/**
 * A seccomp program (classic BPF, as bubblewrap's `--seccomp FD` reads it) that refuses to create
 * unix-domain sockets. A pathname socket is reached through the file system, and the sandbox shows
 * the host's files (the root read-only, the workspace itself), so no mount can hide a socket a host
 * process binds, even later, in the workspace; a network namespace isolates abstract and IP sockets
 * only. seccomp cannot read `connect`'s address, so the one check it can make is the one that
 * holds: `socket(AF_UNIX, …)` fails with EPERM. `socketpair` of the connected kinds (stream,
 * seqpacket: what pipes between a process and its children use) and descriptors the sandbox
 * inherits stay usable; a datagram pair is refused, since `sendto` or `connect` can point it at
 * any datagram socket (journald's, syslog's, systemd's notify socket).
 *
 * io_uring can create and connect sockets without the `socket` system call: it is refused too.
 * The program checks the architecture first: the host's own, and on x86-64 the i386 compatibility
 * layer (where `socketcall` multiplexes every socket call behind a pointer seccomp cannot follow,
 * so it is refused whole), and on arm64 the arm one. x32 calls are refused; any other
 * architecture kills the process.
 */

/** The system call numbers and audit architecture of one ABI the filter knows. */
interface Abi {
  readonly audit: number;
  readonly socket: number;
  readonly socketpair: number;
  /** Refused whatever their arguments. */
  readonly refused: readonly number[];
  /** Calls at or above this number are another ABI's (x32 on x86-64): refused. */
  readonly refuseFrom?: number;
}

/** The architectures seccomp reports (linux/audit.h). */
export const AUDIT_ARCH = {
  x86_64: 0xc000003e,
  i386: 0x40000003,
  aarch64: 0xc00000b7,
  arm: 0x40000028,
} as const;

const IO_URING = [425, 426, 427];
const X32_SYSCALL_BIT = 0x40000000;
const AF_UNIX = 1;
const SOCK_STREAM = 1;
const SOCK_SEQPACKET = 5;
/** The type argument's low bits; the rest are flags (SOCK_CLOEXEC, SOCK_NONBLOCK). */
const SOCK_TYPE_MASK = 0xf;
const EPERM = 1;

const ABIS: Readonly<Record<'x64' | 'arm64', readonly Abi[]>> = {
  x64: [
    { audit: AUDIT_ARCH.x86_64, socket: 41, socketpair: 53, refused: IO_URING, refuseFrom: X32_SYSCALL_BIT },
    // i386: socketcall is 102.
    { audit: AUDIT_ARCH.i386, socket: 359, socketpair: 360, refused: [102, ...IO_URING] },
  ],
  arm64: [
    { audit: AUDIT_ARCH.aarch64, socket: 198, socketpair: 199, refused: IO_URING },
    { audit: AUDIT_ARCH.arm, socket: 281, socketpair: 288, refused: IO_URING },
  ],
};

export const SECCOMP_RET = {
  allow: 0x7fff0000,
  errno: 0x00050000,
  killProcess: 0x80000000,
} as const;

const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const RET_K = 0x06;
const AND_K = 0x54;

/** Offsets in `struct seccomp_data`; argument 0's low 32 bits (both architectures are little-endian). */
const NR = 0;
const ARCH = 4;
const ARG0_LOW = 16;
const ARG1_LOW = 24;

/** One instruction; a jump names its targets by label, resolved when the program is laid out. */
type Step =
  | { readonly kind: 'load'; readonly offset: number }
  | {
      readonly kind: 'jump';
      readonly code: number;
      readonly k: number;
      readonly ifTrue: string;
      readonly ifFalse: string;
    }
  | { readonly kind: 'return'; readonly value: number }
  | { readonly kind: 'and'; readonly mask: number }
  | { readonly kind: 'label'; readonly name: string };

function stepsFor(abis: readonly Abi[]): Step[] {
  const steps: Step[] = [{ kind: 'load', offset: ARCH }];
  abis.forEach((abi, index) => {
    steps.push({
      kind: 'jump',
      code: JEQ_K,
      k: abi.audit,
      ifTrue: `abi${index}`,
      ifFalse: `arch${index + 1}`,
    });
    steps.push({ kind: 'label', name: `arch${index + 1}` });
  });
  steps.push({ kind: 'return', value: SECCOMP_RET.killProcess });
  abis.forEach((abi, index) => {
    steps.push({ kind: 'label', name: `abi${index}` }, { kind: 'load', offset: NR });
    if (abi.refuseFrom !== undefined) {
      steps.push({
        kind: 'jump',
        code: JGE_K,
        k: abi.refuseFrom,
        ifTrue: 'refuse',
        ifFalse: `abi${index}.0`,
      });
      steps.push({ kind: 'label', name: `abi${index}.0` });
    }
    abi.refused.forEach((nr, at) => {
      steps.push({ kind: 'jump', code: JEQ_K, k: nr, ifTrue: 'refuse', ifFalse: `abi${index}.${at + 1}` });
      steps.push({ kind: 'label', name: `abi${index}.${at + 1}` });
    });
    steps.push({ kind: 'jump', code: JEQ_K, k: abi.socket, ifTrue: 'domain', ifFalse: `abi${index}.pair` });
    steps.push({ kind: 'label', name: `abi${index}.pair` });
    steps.push({ kind: 'jump', code: JEQ_K, k: abi.socketpair, ifTrue: 'pairType', ifFalse: 'allow' });
  });
  steps.push(
    { kind: 'label', name: 'domain' },
    { kind: 'load', offset: ARG0_LOW },
    { kind: 'jump', code: JEQ_K, k: AF_UNIX, ifTrue: 'refuse', ifFalse: 'allow' },
    // A datagram pair can be pointed anywhere (sendto, connect): only connected kinds are kept.
    { kind: 'label', name: 'pairType' },
    { kind: 'load', offset: ARG1_LOW },
    { kind: 'and', mask: SOCK_TYPE_MASK },
    { kind: 'jump', code: JEQ_K, k: SOCK_STREAM, ifTrue: 'allow', ifFalse: 'pairSeqpacket' },
    { kind: 'label', name: 'pairSeqpacket' },
    { kind: 'jump', code: JEQ_K, k: SOCK_SEQPACKET, ifTrue: 'allow', ifFalse: 'refuse' },
    { kind: 'label', name: 'allow' },
    { kind: 'return', value: SECCOMP_RET.allow },
    { kind: 'label', name: 'refuse' },
    { kind: 'return', value: SECCOMP_RET.errno | EPERM },
  );
  return steps;
}

function assemble(steps: readonly Step[]): Uint8Array {
  const labels = new Map<string, number>();
  let count = 0;
  for (const step of steps) {
    if (step.kind === 'label') labels.set(step.name, count);
    else count += 1;
  }
  const program = new Uint8Array(count * 8);
  const view = new DataView(program.buffer);
  let at = 0;
  const offsetTo = (label: string): number => {
    const target = labels.get(label);
    const offset = target === undefined ? -1 : target - at - 1;
    if (offset < 0 || offset > 255) throw new Error(`unix-socket filter: bad jump to ${label}`);
    return offset;
  };
  for (const step of steps) {
    if (step.kind === 'label') continue;
    const [code, jt, jf, k] =
      step.kind === 'load'
        ? [LD_W_ABS, 0, 0, step.offset]
        : step.kind === 'return'
          ? [RET_K, 0, 0, step.value]
          : step.kind === 'and'
            ? [AND_K, 0, 0, step.mask]
            : [step.code, offsetTo(step.ifTrue), offsetTo(step.ifFalse), step.k];
    view.setUint16(at * 8, code, true);
    view.setUint8(at * 8 + 2, jt);
    view.setUint8(at * 8 + 3, jf);
    view.setUint32(at * 8 + 4, k >>> 0, true);
    at += 1;
  }
  return program;
}

/**
 * The program for `arch` (`process.arch`), or undefined for an architecture it does not know
 * (then no sandbox is offered: it would not hold).
 */
export function unixSocketFilter(arch: string = process.arch): Uint8Array | undefined {
  const abis = arch === 'x64' || arch === 'arm64' ? ABIS[arch] : undefined;
  return abis ? assemble(stepsFor(abis)) : undefined;
}
