import { type CallOversight, openCallOversight, type SessionSettings } from '@toolgate/host';

/**
 * The hooks and the audit log of one CLI session, from its settings: a fresh session id (made
 * only when hooks or the audit log need one), the workspace as the hooks' cwd, and `answeredBy` naming who answers its questions in the audit log.
 */
export function openSessionOversight(
  settings: SessionSettings,
  answeredBy: 'terminal' | 'mcp-client',
  notice: (line: string) => void,
): Promise<CallOversight> {
  return openCallOversight({
    hooks: settings.hooks,
    audit: settings.audit,
    cwd: settings.root,
    answeredBy,
    notice,
  });
}
