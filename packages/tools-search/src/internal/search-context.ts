import type { Workspace } from '@toolgate/core';

/** What the engine needs, resolved once per call. */
export type EngineChoice =
  | { readonly type: 'ripgrep'; readonly ripgrepPath: string }
  | { readonly type: 'node' }
  | { readonly type: 'unavailable'; readonly message: string };

/** Settings shared by the two tools, from the factory's options. */
export interface SearchContext {
  readonly workspace: Workspace;
  readonly respectIgnoreFiles: boolean;
  readonly maxFileSizeBytes: number;
  readonly deterministicResults: boolean;
  readonly globSort: 'path' | 'modified';
  /** Picks the engine (finding `rg` once, lazily). */
  engine(): Promise<EngineChoice>;
}
