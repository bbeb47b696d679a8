import { realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { ConfinedSandboxMode, MaskedPath } from '@toolgate/sandbox-bwrap';

/** One entry of the Engine API's `HostConfig.Mounts`. */
export interface EngineMount {
  readonly Type: 'bind';
  readonly Source: string;
  readonly Target: string;
  readonly ReadOnly: boolean;
}

/** What the container sees of the workspace, decided when the session opens. */
export interface ContainerLayout {
  readonly mode: ConfinedSandboxMode;
  /** Real path; bound at the same path inside. */
  readonly workspaceRoot: string;
  /** Real paths inside the workspace kept read-only (`workspace-write` only). */
  readonly protectedPaths: readonly string[];
  /** Secrets, denied and hidden paths: a file shown unreadable, a directory shown empty. */
  readonly masked: readonly MaskedPath[];
  /** An empty file nobody may read and an empty directory, the sources bound over masked paths. */
  readonly maskFile: string;
  readonly maskDirectory: string;
}

function isWithin(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The workspace read-write (or read-only), protected paths read-only over it, masks over those. */
export function containerMounts(layout: ContainerLayout): EngineMount[] {
  const { workspaceRoot } = layout;
  const mounts: EngineMount[] = [
    { Type: 'bind', Source: workspaceRoot, Target: workspaceRoot, ReadOnly: layout.mode === 'read-only' },
  ];
  if (layout.mode === 'workspace-write') {
    for (const path of layout.protectedPaths) {
      if (path !== workspaceRoot && isWithin(path, workspaceRoot)) {
        mounts.push({ Type: 'bind', Source: path, Target: path, ReadOnly: true });
      }
    }
  }
  // Only what the container can see needs a mask: the workspace is all it has of this machine.
  for (const mask of layout.masked) {
    if (mask.path === workspaceRoot || !isWithin(mask.path, workspaceRoot)) continue;
    mounts.push({
      Type: 'bind',
      Source: mask.kind === 'directory' ? layout.maskDirectory : layout.maskFile,
      Target: mask.path,
      ReadOnly: true,
    });
  }
  // Outer mounts first, so a mask inside a protected directory is laid over it.
  return mounts.sort((a, b) => a.Target.split(sep).length - b.Target.split(sep).length);
}

async function existingReal(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch {
    return undefined;
  }
}

/**
 * The protected paths as mounts can bind them: an existing path by its real path; a missing one by
 * its nearest existing directory below the root, pinned so that no directory above it can be
 * swapped (as bubblewrap does).
 */
export async function resolveProtectedPaths(
  workspaceRoot: string,
  relativePaths: readonly string[],
): Promise<string[]> {
  const found = await Promise.all(
    relativePaths.map(async (path) => {
      const real = await existingReal(join(workspaceRoot, path));
      if (real !== undefined) return real;
      for (let current = dirname(join(workspaceRoot, path)); isWithin(current, workspaceRoot); ) {
        if (current === workspaceRoot) return undefined;
        const existing = await existingReal(current);
        if (existing !== undefined) {
          const isDirectory = await stat(existing).then(
            (info) => info.isDirectory(),
            () => false,
          );
          return isDirectory && isWithin(existing, workspaceRoot) ? existing : undefined;
        }
        current = dirname(current);
      }
      return undefined;
    }),
  );
  return [...new Set(found.filter((path): path is string => path !== undefined))];
}
