import type { ApprovalMode } from '@toolgate/core';
import { managedMode } from '../config/managed-limits.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';

/**
 * The session's mode, read at every call: the host's (it may switch it) or the settings', never
 * looser than the managed floor (a switch to a looser mode runs in the floor's).
 */
export function sessionMode(
  settings: SessionSettings,
  hostMode: (() => ApprovalMode) | undefined,
): () => ApprovalMode {
  const asked = hostMode ?? (() => settings.mode);
  return () => managedMode(settings.managed, asked());
}
