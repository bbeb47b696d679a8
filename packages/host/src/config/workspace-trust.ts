import type { TrustedWorkspace } from './user-config-schema.js';

/** Whether a workspace's own config may loosen the rules. */
export type WorkspaceTrust =
  | { readonly state: 'trusted' }
  | { readonly state: 'untrusted' }
  /** Trusted once, but these config files were added, removed or changed since. */
  | { readonly state: 'changed'; readonly files: readonly string[] };

/**
 * Compares the workspace's config files now with what the person trusted: trusted only when the
 * real path is recorded and every file is byte for byte what it was.
 */
export function checkWorkspaceTrust(
  trusted: readonly TrustedWorkspace[] | undefined,
  realRoot: string,
  digests: Readonly<Record<string, string>>,
): WorkspaceTrust {
  const entry = trusted?.find((workspace) => workspace.path === realRoot);
  if (!entry) return { state: 'untrusted' };
  const names = new Set([...Object.keys(entry.files), ...Object.keys(digests)]);
  const changed = [...names].filter((name) => entry.files[name] !== digests[name]).sort();
  return changed.length === 0 ? { state: 'trusted' } : { state: 'changed', files: changed };
}

/** A path as one shell word. */
function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The command that trusts the workspace, to paste. */
export function trustCommandFor(realRoot: string): string {
  return `toolgate trust --cwd ${shellWord(realRoot)}`;
}

/** Why the workspace is not trusted, for one line on stderr. */
export function describeDistrust(trust: WorkspaceTrust): string {
  return trust.state === 'changed'
    ? `${trust.files.join(', ')} changed since you trusted this workspace`
    : 'this workspace is not trusted';
}
