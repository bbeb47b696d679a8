import { createHash } from 'node:crypto';
import type { SessionSettings } from '../config/resolve-session-settings.js';

/**
 * A digest of what a session's calls are judged and run under: the config (rules, tools, secrets,
 * hooks, limits), the sandbox, the workspace's trust and MCP file. The model and its base URL are
 * left out (a resumed session may switch them), and so is the retention of the store.
 */
export function settingsDigest(settings: SessionSettings): string {
  const { model: _model, baseURL: _baseURL, sessions: _sessions, ...config } = settings.config;
  const judged = {
    config,
    sandbox: settings.sandbox,
    trust: settings.trust.state,
    mcpConfigFile: settings.mcpConfigFile ?? null,
  };
  return createHash('sha256').update(JSON.stringify(judged)).digest('hex').slice(0, 16);
}
