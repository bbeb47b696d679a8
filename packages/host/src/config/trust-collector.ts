import { readTrustedFile } from './read-trusted-file.js';

/**
 * What one look at a workspace's config gathers: the bytes of every file trust covers, by path
 * relative to the real root, and every reason it refuses to trust. Each file is read once.
 */
export interface TrustCollector {
  /** The workspace root's real path. */
  readonly root: string;
  readonly contents: Map<string, Buffer>;
  readonly refusals: string[];
  /**
   * The file's bytes, read once; undefined (and a refusal naming `what`) when trust cannot cover it.
   * An `optional` file that does not exist is undefined without a refusal; one over `maxBytes` is refused.
   */
  read(rel: string, what: string, optional?: boolean, maxBytes?: number): Promise<Buffer | undefined>;
  /** Records why trust is refused. */
  refuse(reason: string): void;
}

/** A collector for the workspace whose real root is `root`. */
export function createTrustCollector(root: string): TrustCollector {
  const contents = new Map<string, Buffer>();
  const refusals: string[] = [];
  const refuse = (reason: string) => {
    if (!refusals.includes(reason)) refusals.push(reason);
  };
  return {
    root,
    contents,
    refusals,
    refuse,
    async read(rel, what, optional = false, maxBytes?: number) {
      const known = contents.get(rel);
      if (known) return known;
      const read = await readTrustedFile(root, rel, maxBytes);
      if (!read.ok) {
        if (!(optional && read.missing)) refuse(`${what}: ${read.reason}`);
        return undefined;
      }
      contents.set(rel, read.content);
      return read.content;
    },
  };
}
