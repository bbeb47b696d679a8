/** What a seccomp program sees of one system call. */
export interface SeccompCall {
  readonly arch: number;
  readonly nr: number;
  /** Arguments 0 and 1 as the kernel passes them: 64 bits. */
  readonly arg0: bigint;
  readonly arg1?: bigint;
}

/**
 * Runs a seccomp program (classic BPF bytes) on one call, as the kernel would, for the
 * instructions such a program may use here (absolute word loads, AND with a constant,
 * conditional jumps with a constant, returns); anything else throws, so a program using more is not silently misjudged.
 */
export function runClassicBpf(program: Uint8Array, call: SeccompCall): number {
  const view = new DataView(program.buffer, program.byteOffset, program.byteLength);
  const data = new DataView(new ArrayBuffer(64));
  data.setUint32(0, call.nr >>> 0, true);
  data.setUint32(4, call.arch >>> 0, true);
  data.setBigUint64(16, BigInt.asUintN(64, call.arg0), true);
  data.setBigUint64(24, BigInt.asUintN(64, call.arg1 ?? 0n), true);
  let accumulator = 0;
  for (let pc = 0; pc < program.byteLength / 8; pc += 1) {
    const code = view.getUint16(pc * 8, true);
    const jt = view.getUint8(pc * 8 + 2);
    const jf = view.getUint8(pc * 8 + 3);
    const k = view.getUint32(pc * 8 + 4, true);
    if (code === 0x20) {
      if (k % 4 !== 0 || k + 4 > 64) throw new Error(`load out of seccomp_data at ${pc}`);
      accumulator = data.getUint32(k, true);
    } else if (code === 0x15) {
      pc += accumulator === k ? jt : jf;
    } else if (code === 0x35) {
      pc += accumulator >= k ? jt : jf;
    } else if (code === 0x54) {
      accumulator = (accumulator & k) >>> 0;
    } else if (code === 0x06) {
      return k;
    } else {
      throw new Error(`instruction ${code.toString(16)} at ${pc} is not one this runner knows`);
    }
  }
  throw new Error('the program ran off its end');
}
