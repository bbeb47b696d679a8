import type { SandboxMode } from '@toolgate/sandbox-bwrap';
import { UsageError } from './usage-error.js';

// sandbox-bwrap's SANDBOX_MODES, spelled out so parsing the command line loads no package; the
// type keeps the two lists equal.
const MODES = {
  'read-only': true,
  'workspace-write': true,
  'danger-full-access': true,
} as const satisfies Record<SandboxMode, true>;

// The sandbox modes, in the order the help lists them.
const SANDBOX_MODE_VALUES = Object.keys(MODES) as [SandboxMode, ...SandboxMode[]];

/** Parses `--sandbox` (trimmed, any case); anything else is a usage error naming `source`. */
export function parseSandboxModeValue(raw: string, source: string): SandboxMode {
  const value = raw.trim().toLowerCase();
  if (value in MODES) return value as SandboxMode;
  throw new UsageError(
    `${source} expects one of ${SANDBOX_MODE_VALUES.join(', ')}; got ${JSON.stringify(raw)}.`,
  );
}
