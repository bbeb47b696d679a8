import type { SessionSettings } from '../config/resolve-session-settings.js';
import type { StoredSession } from './session-store.js';
import { settingsDigest } from './settings-digest.js';

/**
 * Why continuing a stored session here needs the person's word: it ran in another workspace, or
 * under other settings (config, sandbox, trust, MCP file) than the ones in effect now. Empty when
 * it may simply go on.
 */
export function resumeMismatch(stored: StoredSession, settings: SessionSettings): string[] {
  const reasons: string[] = [];
  const { workspace } = stored.summary;
  if (workspace !== settings.root)
    reasons.push(`it ran in another workspace, ${workspace} (this one is ${settings.root})`);
  const last = stored.conversation.turns.at(-1);
  if (last && last.settings !== settingsDigest(settings))
    reasons.push('the config, sandbox, trust or MCP servers changed since its last turn');
  return reasons;
}
