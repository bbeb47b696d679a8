import type { AcpCommand } from './acp-command.js';

/** `/permissions [revoke N]`: the permission rules in force, numbered with their file and scope; `revoke N` removes one from the user's config file. */
export const PERMISSIONS_COMMAND: AcpCommand = {
  name: 'permissions',
  description: 'List the permission rules in force, or remove one from your config file (revoke N).',
  hint: 'revoke N',
  async run(argument, { session }) {
    const words = argument.trim();
    const revoke = /^revoke\s+(\d+)$/i.exec(words);
    if (words !== '' && !revoke) return 'Usage: /permissions, or /permissions revoke N.';
    if (revoke) {
      try {
        const rule = await session.permissions.revoke(Number(revoke[1]));
        return `Removed ${rule.list} ${rule.text} from ${rule.source}.`;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    }
    const rules = session.permissions.list();
    if (rules.length === 0) return 'No permission rules are in force here; the approval mode decides.';
    return rules
      .map((rule) => `${rule.number}. ${rule.list} ${rule.text} (${rule.scope}: ${rule.source})`)
      .join('\n');
  },
};
