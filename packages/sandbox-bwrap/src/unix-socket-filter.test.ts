import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runClassicBpf } from './test-support/run-classic-bpf.js';
import { AUDIT_ARCH, SECCOMP_RET, unixSocketFilter } from './unix-socket-filter.js';

const EPERM = SECCOMP_RET.errno | 1;

/** What each ABI's table says, written out independently of the filter's own tables. */
const EXPECTED: Record<
  'x64' | 'arm64',
  Record<number, { socket: number; socketpair: number; refused: number[]; x32?: boolean }>
> = {
  x64: {
    [AUDIT_ARCH.x86_64]: { socket: 41, socketpair: 53, refused: [425, 426, 427], x32: true },
    [AUDIT_ARCH.i386]: { socket: 359, socketpair: 360, refused: [102, 425, 426, 427] },
  },
  arm64: {
    [AUDIT_ARCH.aarch64]: { socket: 198, socketpair: 199, refused: [425, 426, 427] },
    [AUDIT_ARCH.arm]: { socket: 281, socketpair: 288, refused: [425, 426, 427] },
  },
};

function expected(host: 'x64' | 'arm64', arch: number, nr: number, arg0: bigint, arg1: bigint): number {
  const abi = EXPECTED[host][arch];
  if (!abi) return SECCOMP_RET.killProcess;
  if (abi.x32 && nr >= 0x40000000) return EPERM;
  if (abi.refused.includes(nr)) return EPERM;
  // The kernel reads the domain as an int: only the low 32 bits count.
  if (nr === abi.socket && BigInt.asUintN(32, arg0) === 1n) return EPERM;
  // socketpair keeps only stream (1) and seqpacket (5) pairs, whatever the flags in the high bits.
  if (nr === abi.socketpair && ![1n, 5n].includes(BigInt.asUintN(32, arg1) & 0xfn)) return EPERM;
  return SECCOMP_RET.allow;
}

const interestingNumbers = [
  0,
  1,
  41,
  53,
  42,
  49,
  102,
  198,
  199,
  281,
  288,
  359,
  360,
  425,
  426,
  427,
  428,
  0x40000000 + 41,
  0xffffffff,
];
const arches = [...Object.values(AUDIT_ARCH), 0, 0x40000000, (0xc0000000 | 0xb8) >>> 0, 0xffffffff];

describe('unixSocketFilter', () => {
  for (const host of ['x64', 'arm64'] as const) {
    it(`on ${host}, refuses socket(AF_UNIX), datagram socketpairs, io_uring and the calls it cannot judge, allows the rest, kills other architectures`, () => {
      const program = unixSocketFilter(host)!;
      fc.assert(
        fc.property(
          fc.oneof(fc.constantFrom(...arches), fc.integer({ min: 0, max: 0xffffffff })),
          fc.oneof(fc.constantFrom(...interestingNumbers), fc.integer({ min: 0, max: 0xffffffff })),
          fc.oneof(
            fc.constantFrom(0n, 1n, 2n, 10n, 16n, 0xffffffff00000001n, 0x100000001n, 0x100000000n),
            fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
          ),
          fc.oneof(
            fc.constantFrom(1n, 2n, 3n, 5n, 0x80001n, 0x80002n, 0x80805n, 0xffffffff00000001n, 0x100000002n),
            fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
          ),
          (arch, nr, arg0, arg1) => {
            expect(runClassicBpf(program, { arch, nr, arg0, arg1 })).toBe(
              expected(host, arch, nr, arg0, arg1),
            );
          },
        ),
        { numRuns: 5000 },
      );
    });
  }

  it('keeps stream and seqpacket socketpairs and other socket families on x86-64', () => {
    const program = unixSocketFilter('x64')!;
    const run = (nr: number, arg0: bigint, arg1 = 1n) =>
      runClassicBpf(program, { arch: AUDIT_ARCH.x86_64, nr, arg0, arg1 });
    expect({
      unix: run(41, 1n),
      inet: run(41, 2n),
      inet6: run(41, 10n),
      netlink: run(41, 16n),
      socketpairStream: run(53, 1n, 0x80001n),
      socketpairSeqpacket: run(53, 1n, 5n),
      socketpairDatagram: run(53, 1n, 2n),
      x32Socket: run(0x40000000 + 41, 2n),
      ioUringSetup: run(425, 0n),
    }).toEqual({
      unix: EPERM,
      inet: SECCOMP_RET.allow,
      inet6: SECCOMP_RET.allow,
      netlink: SECCOMP_RET.allow,
      socketpairStream: SECCOMP_RET.allow,
      socketpairSeqpacket: SECCOMP_RET.allow,
      socketpairDatagram: EPERM,
      x32Socket: EPERM,
      ioUringSetup: EPERM,
    });
  });

  it('has no program for an architecture it does not know', () => {
    expect(['ia32', 'riscv64', 'ppc64', 's390x'].map((arch) => unixSocketFilter(arch))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
