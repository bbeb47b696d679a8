import { findRipgrep } from './find-ripgrep.js';
import { ripgrepHasPcre2 } from './ripgrep-has-pcre2.js';
import type { EngineChoice } from './search-context.js';

/** What picks the engine: the configured one, and where to look for `rg`. */
export interface EngineOptions {
  readonly engine: 'auto' | 'ripgrep' | 'node';
  readonly ripgrepPath: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Picks the engine of a call: `rg` when configured or found (its PCRE2 support asked when a pattern needs it), else Node's. */
export async function chooseEngine(options: EngineOptions): Promise<EngineChoice> {
  if (options.engine === 'node') return { type: 'node' };
  const found = options.ripgrepPath ?? (await findRipgrep(options.env.PATH));
  if (found !== undefined) {
    let pcre2: Promise<boolean> | undefined;
    return {
      type: 'ripgrep',
      ripgrepPath: found,
      pcre2: () => {
        pcre2 ??= ripgrepHasPcre2(found);
        return pcre2;
      },
    };
  }
  if (options.engine === 'auto') return { type: 'node' };
  return {
    type: 'unavailable',
    message:
      'The ripgrep engine was configured but no `rg` was found on PATH; install ripgrep or use the node engine.',
  };
}
