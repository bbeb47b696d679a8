import { UsageError } from './usage-error.js';

/** Parses `--sandbox-provider` (trimmed, any case): `bwrap` or `container`; anything else is a usage error. */
export function parseSandboxProviderValue(raw: string): 'bwrap' | 'container' {
  const value = raw.trim().toLowerCase();
  if (value === 'bwrap' || value === 'container') return value;
  throw new UsageError(`--sandbox-provider expects one of bwrap, container; got ${JSON.stringify(raw)}.`);
}
