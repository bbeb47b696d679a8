import type { Outcome, ResolvedPath } from '@toolgate/core';

/** A symbolic link a path names, by its own location (a Delete removes the link, not the file it points to). */
export interface ResolvedLink {
  /** The link's own location: its real parent directory plus its name. */
  readonly absolutePath: string;
  readonly displayPath: string;
  /** What the link points to, to restore it on rollback. */
  readonly target: string;
}

/** The workspace's answer for every path a patch names, keyed by the path as written. */
export interface PatchResolutions {
  readonly paths: ReadonlyMap<string, Outcome<ResolvedPath>>;
  /**
   * Paths that name a symbolic link, keyed by the path as written: every Delete target that is
   * one, and, when there is one, every other path that is one (the same link named otherwise).
   */
  readonly links: ReadonlyMap<string, ResolvedLink>;
}
