import type { RE2JS } from 're2js';

let engine: typeof RE2JS | undefined;

/**
 * Loads re2js, the linear-time RE2 engine (some 340 KB of JavaScript that takes milliseconds to
 * evaluate), on the first search instead of when the tools are created: listing the tools, or a
 * session that never searches, does not pay for it. `glob` and `grep` await it before they compile
 * a pattern; the compilers below use {@link re2}.
 */
export async function loadRe2(): Promise<void> {
  engine ??= (await import('re2js')).RE2JS;
}

/** The engine {@link loadRe2} loaded. */
export function re2(): typeof RE2JS {
  if (!engine) throw new Error('re2js is used before loadRe2() loaded it');
  return engine;
}
