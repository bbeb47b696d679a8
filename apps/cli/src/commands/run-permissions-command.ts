import { listPermissionRules, revokePermissionRule } from '@toolgate/host';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions } from '../cli/parse-cli-arguments.js';
import { resolveSessionSettings } from '../cli/resolve-session-settings.js';
import { formatPermissionRules } from '../render/format-permission-rules.js';
import { streamColors } from './command-context.js';

/** Options of `toolgate permissions`. */
export type PermissionsCommandOptions = CommandOptions<'permissions'>;

/**
 * `toolgate permissions`: every permission rule in force for the workspace (the user's, the
 * user's for this project, the workspace's own), numbered, with its file and scope (`--json`: one
 * array). `--revoke N` removes rule N from the user's config file; a rule in the workspace's own
 * file is refused with the file to edit (exit 2).
 */
export async function runPermissionsCommand(
  io: CliIo,
  command: PermissionsCommandOptions,
): Promise<ExitCode> {
  const settings = await resolveSessionSettings(io, command.options);
  if (command.revoke !== undefined) {
    const rule = await revokePermissionRule(settings, command.revoke);
    io.stdout.write(`Removed ${rule.list} ${rule.text} from ${rule.source}.\n`);
    return EXIT_CODES.success;
  }
  const rules = listPermissionRules(settings);
  io.stdout.write(
    command.json
      ? `${JSON.stringify(rules)}\n`
      : formatPermissionRules(settings.root, rules, streamColors(io).stdout),
  );
  return EXIT_CODES.success;
}
