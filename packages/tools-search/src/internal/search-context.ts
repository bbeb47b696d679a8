import type { Workspace } from '@toolgate/core';

/** What the engine needs, resolved once per call. */
export type EngineChoice =
  | {
      readonly type: 'ripgrep';
      readonly ripgrepPath: string;
      /**
       * Built with PCRE2: look-around and backreferences run in `rg --pcre2`. Asked (one `rg`
       * run) only by a grep whose pattern needs it, once.
       */
      pcre2(): Promise<boolean>;
    }
  | { readonly type: 'node' }
  | { readonly type: 'unavailable'; readonly message: string };

/** Settings shared by the two tools, from the factory's options. */
export interface SearchContext {
  readonly workspace: Workspace;
  readonly respectIgnoreFiles: boolean;
  readonly maxFileSizeBytes: number;
  readonly deterministicResults: boolean;
  readonly globSort: 'path' | 'modified';
  /** Wall-clock budget of one call, in milliseconds. */
  readonly timeoutMs: number;
  /** Picks the engine (finding `rg` once, lazily). */
  engine(): Promise<EngineChoice>;
}
