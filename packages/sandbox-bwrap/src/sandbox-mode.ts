/** Codex's sandbox modes, by the names its users know. */
export const SANDBOX_MODES = ['read-only', 'workspace-write', 'danger-full-access'] as const;

/**
 * `read-only`: the workspace and the host are read-only (a private `/tmp` stays writable);
 * `workspace-write`: the workspace is writable too, except protected paths;
 * `danger-full-access`: no sandbox, commands run on the host.
 */
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** The modes in which commands run inside bubblewrap. */
export type ConfinedSandboxMode = Exclude<SandboxMode, 'danger-full-access'>;

/** The mode named by `value`, or undefined when it names none. */
export function parseSandboxMode(value: string): SandboxMode | undefined {
  return (SANDBOX_MODES as readonly string[]).includes(value) ? (value as SandboxMode) : undefined;
}
