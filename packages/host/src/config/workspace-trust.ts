import { escapeControlCharacters } from '@toolgate/core';
import { shellWord } from './shell-word.js';
import type { TrustedWorkspace } from './user-config-schema.js';

/** Whether a workspace's own config may loosen the rules. */
export type WorkspaceTrust =
  | { readonly state: 'trusted' }
  | { readonly state: 'untrusted' }
  /** Trusted once, but these files (config, or what it runs) were added, removed or changed since. */
  | { readonly state: 'changed'; readonly files: readonly string[] }
  /** Trusted once, but what it would run can no longer be verified, for these reasons. */
  | { readonly state: 'refused'; readonly reasons: readonly string[] };

/**
 * Compares what trust covers now (`inspectWorkspaceConfig`) with what the person trusted: trusted
 * only when the real path is recorded, every file is byte for byte what it was, and nothing it
 * would run is refused.
 */
export function checkWorkspaceTrust(
  trusted: readonly TrustedWorkspace[] | undefined,
  realRoot: string,
  inspection: { readonly files: Readonly<Record<string, string>>; readonly refusals: readonly string[] },
): WorkspaceTrust {
  const entry = trusted?.find((workspace) => workspace.path === realRoot);
  if (!entry) return { state: 'untrusted' };
  const digests = inspection.files;
  const names = new Set([...Object.keys(entry.files), ...Object.keys(digests)]);
  const changed = [...names].filter((name) => entry.files[name] !== digests[name]).sort();
  if (changed.length > 0) return { state: 'changed', files: changed };
  return inspection.refusals.length === 0
    ? { state: 'trusted' }
    : { state: 'refused', reasons: inspection.refusals };
}

/** The command that trusts the workspace, to paste. */
export function trustCommandFor(realRoot: string): string {
  return `toolgate trust --cwd ${shellWord(realRoot)}`;
}

/** Why the workspace is not trusted, for one line on stderr. */
export function describeDistrust(trust: WorkspaceTrust): string {
  // File names and reasons come from the workspace: shown with their control characters escaped.
  if (trust.state === 'changed')
    return `${escapeControlCharacters(trust.files.join(', '))} changed since you trusted this workspace`;
  if (trust.state === 'refused')
    return `toolgate can no longer verify what this workspace's config runs (${escapeControlCharacters(trust.reasons.join('; '))})`;
  return 'this workspace is not trusted';
}
