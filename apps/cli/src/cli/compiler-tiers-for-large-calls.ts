/**
 * ARGS at least this long (in UTF-16 units of their JSON text) make a call large: one that spends
 * long enough in a few hot loops (a patch's parser and hunk search over 500 files) for V8's
 * optimizing top tier, TurboFan, to start compiling them, in a process that ends before those
 * compiles pay back.
 */
export const LARGE_CALL_ARGS_LENGTH = 2 * 1024 * 1024;

/**
 * Turns TurboFan off for the rest of a one-shot call with large ARGS; Maglev, the tier below it,
 * still compiles what is hot. Measured on `toolgate call apply_patch -` with 500 files × 20 hunks
 * (5.4 MB of ARGS): 73 ms less CPU and 26 ms less wall time, of 527 and 373 ms. At 1 MB it comes
 * out even, and below that TurboFan rarely starts at all: there, loading `node:v8` (about 5 ms, as
 * it brings perf_hooks and the streams) would cost more than it saves, so smaller calls keep V8's
 * default. Long-lived hosts (`toolgate mcp`, `toolgate-acp`, `run`) never call this: they live long
 * enough to win the compiles back.
 *
 * V8 keys its code cache by its flags, so the chunks a large call loads after this (its tool's
 * code) are cached for those flags: the next small call finds that entry rejected, compiles the
 * chunk again and caches it back (measured: 2–3 ms, once after each large call).
 */
export function settleCompilerTiers(argumentsLength: number): void {
  if (argumentsLength < LARGE_CALL_ARGS_LENGTH) return;
  process.getBuiltinModule('node:v8').setFlagsFromString('--no-turbofan');
}
