import type { Outcome, ResolvedPath } from '@toolgate/core';
import type { fileIdentity } from './file-identity.js';

/** A symbolic link a path names, by its own location (a Delete removes the link, not the file it points to). */
export interface ResolvedLink {
  /** The link's own location: its real parent directory plus its name. */
  readonly absolutePath: string;
  readonly displayPath: string;
  /** What the link points to, to restore it on rollback. */
  readonly target: string;
  /** The link's own {@link fileIdentity} (device and inode), when known. */
  readonly identity?: string;
}

/** The workspace's answer for every path a patch names, keyed by the path as written. */
export interface PatchResolutions {
  readonly paths: ReadonlyMap<string, Outcome<ResolvedPath>>;
  /**
   * Paths that name a symbolic link, keyed by the path as written: every Delete target that is
   * one, and, when there is one, every other path that is one (the same link named otherwise).
   */
  readonly links: ReadonlyMap<string, ResolvedLink>;
  /**
   * The {@link fileIdentity} of every path that names an existing file, keyed by the path as
   * written; looked at only when the patch names more than one path (one cannot name a file twice).
   */
  readonly identities: ReadonlyMap<string, string>;
}
