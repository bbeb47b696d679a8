import { realpath } from 'node:fs/promises';
import { escapeControlCharacters } from '@toolgate/core';
import {
  checkWorkspaceTrust,
  describeDistrust,
  inspectWorkspaceConfig,
  loadUserConfig,
  userConfigFile,
  writeUserConfig,
} from '@toolgate/host';
import type { CliIo } from '../cli/cli-io.js';
import { EXIT_CODES, type ExitCode } from '../cli/exit-codes.js';
import type { CommandOptions, CommonOptions } from '../cli/parse-cli-arguments.js';
import { invocationDirectory, resolveWorkspaceDirectory } from '../cli/resolve-session-settings.js';

/** Options of `toolgate trust`. */
export type TrustCommandOptions = CommandOptions<'trust'>;

async function workspaceRoot(io: CliIo, options: CommonOptions): Promise<string> {
  return realpath(await resolveWorkspaceDirectory(invocationDirectory(io.env, io.cwd), options.cwd));
}

/**
 * `toolgate trust`: records the workspace's real path and the digests of its config files in the
 * user's config file, so its `toolgate.config.json` may loosen the rules and its `.mcp.json`
 * servers start, until one of those files changes. `--list` shows every trusted workspace and
 * whether it changed since; `--revoke` forgets the workspace.
 */
export async function runTrustCommand(io: CliIo, command: TrustCommandOptions): Promise<ExitCode> {
  const file = userConfigFile(io.env);
  const user = await loadUserConfig(file);
  const trusted = user.trustedWorkspaces ?? [];
  if (command.list) {
    if (trusted.length === 0) io.stdout.write(`No trusted workspaces (in ${file}).\n`);
    for (const entry of trusted) {
      let state: string;
      try {
        const trust = checkWorkspaceTrust([entry], entry.path, await inspectWorkspaceConfig(entry.path));
        state =
          trust.state === 'trusted'
            ? 'trusted'
            : trust.state === 'changed'
              ? `changed since trusted: ${escapeControlCharacters(trust.files.join(', '))}`
              : `not trusted: ${describeDistrust(trust)}`;
      } catch {
        state = 'missing';
      }
      io.stdout.write(`${entry.path}\t${state}\t(trusted ${entry.trustedAt})\n`);
    }
    return EXIT_CODES.success;
  }
  const root = await workspaceRoot(io, command.options);
  const others = trusted.filter((entry) => entry.path !== root);
  if (command.revoke) {
    if (others.length === trusted.length) {
      io.stdout.write(`${root} was not trusted.\n`);
      return EXIT_CODES.success;
    }
    await writeUserConfig(file, { ...user, trustedWorkspaces: others });
    io.stdout.write(`${root} is no longer trusted.\n`);
    return EXIT_CODES.success;
  }
  const inspection = await inspectWorkspaceConfig(root);
  if (inspection.refusals.length > 0) {
    // Trust covers what the config makes the host run; what it cannot verify is not trusted at all.
    io.stderr.write(
      `toolgate: not trusting ${root}: its config makes toolgate run what it cannot verify:\n` +
        inspection.refusals.map((reason) => `  - ${escapeControlCharacters(reason)}\n`).join('') +
        `Nothing was recorded${others.length === trusted.length ? '' : '; the earlier trust of this workspace stays as it was (and no longer matches)'}. Fix these and run toolgate trust again.\n`,
    );
    return EXIT_CODES.usage;
  }
  const { files } = inspection;
  const entry = { path: root, files, trustedAt: new Date().toISOString() };
  await writeUserConfig(file, { ...user, trustedWorkspaces: [...others, entry] });
  const names = Object.keys(files);
  io.stdout.write(
    `Trusted ${root}${names.length === 0 ? ' (it has no config files yet)' : ''}.\n` +
      // A workspace names its files: shown with control characters escaped, so the list reviewed is the list.
      names.map((name) => `  ${escapeControlCharacters(name)}  ${files[name]}\n`).join('') +
      `Its toolgate.config.json may now loosen the rules, its hooks, tool modules and .mcp.json servers may run and its commands (.toolgate/commands, .claude/commands) are offered, from the bytes listed here; no tool and no sandboxed command may write these files, and any change to them (or a new one) makes it untrusted again. Recorded in ${file}.\n`,
  );
  return EXIT_CODES.success;
}
