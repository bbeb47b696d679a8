import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** The workspace's own config: what may loosen toolgate's rules once the workspace is trusted. */
export const WORKSPACE_CONFIG_FILES = ['toolgate.config.json', '.mcp.json'] as const;

/** The workspace's config directory; every file under it counts. */
export const WORKSPACE_CONFIG_DIRECTORY = '.toolgate';

function sha256(data: string | Buffer): string {
  return `sha256:${createHash('sha256').update(data).digest('hex')}`;
}

/** The digest of one entry; a symlink is recorded by its target, never followed. */
async function digestEntry(path: string): Promise<string | undefined> {
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(path);
  } catch {
    return undefined;
  }
  if (stats.isSymbolicLink()) return sha256(`symlink:${await readlink(path)}`);
  // Only regular files are read: a FIFO or device would block or never end.
  if (!stats.isFile()) return sha256(`not a regular file:${stats.mode}`);
  return sha256(await readFile(path));
}

/**
 * Digests of the workspace's config files that exist (`toolgate.config.json`, `.mcp.json`, every
 * entry under `.toolgate/`), keyed by their path relative to the root with `/`. Any added,
 * removed or changed file changes the result.
 */
export async function digestWorkspaceConfig(root: string): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const name of WORKSPACE_CONFIG_FILES) {
    const digest = await digestEntry(join(root, name));
    if (digest !== undefined) digests[name] = digest;
  }
  const directory = join(root, WORKSPACE_CONFIG_DIRECTORY);
  const self = await digestEntry(directory);
  if (self === undefined) return digests;
  if (!(await lstat(directory)).isDirectory()) {
    digests[WORKSPACE_CONFIG_DIRECTORY] = self;
    return digests;
  }
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    const digest = await digestEntry(file);
    if (digest !== undefined) digests[relative(root, file).split(sep).join('/')] = digest;
  }
  return digests;
}
