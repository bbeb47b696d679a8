import { formatPermissionRules } from '../../render/format-permission-rules.js';
import type { SlashCommand } from './slash-command.js';

/**
 * `/permissions`: the rules in force, as `toolgate permissions` lists them (rules added by an
 * "always" during this session included); `/permissions revoke N` removes rule N from the user's
 * config file and from this session.
 */
export const PERMISSIONS_COMMAND: SlashCommand = {
  name: 'permissions',
  usage: '/permissions [revoke N]',
  summary: 'list the permission rules in force, or remove one from your config file',
  async run(args, { session, write, colors }) {
    const { settings, permissions } = session;
    const revoke = /^revoke\s+(\d+)$/i.exec(args);
    if (args !== '' && !revoke) {
      write(colors.yellow('• Usage: /permissions, or /permissions revoke N.\n'));
      return 'continue';
    }
    if (revoke) {
      try {
        const rule = await permissions.revoke(Number(revoke[1]));
        write(colors.dim(`• Removed ${rule.list} ${rule.text} from ${rule.source}.\n`));
      } catch (error) {
        write(colors.yellow(`• ${error instanceof Error ? error.message : String(error)}\n`));
      }
      return 'continue';
    }
    write(formatPermissionRules(settings.root, permissions.list(), colors));
    return 'continue';
  },
};
