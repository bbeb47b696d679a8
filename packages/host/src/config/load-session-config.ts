import { realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PermissionRule } from '@toolgate/rules';
import type { HookSettings } from '../hooks/hook-settings.js';
import { hookSettingsOfConfig } from '../hooks/hook-settings-of-config.js';
import { layerPermissionRules } from '../rules/layer-permission-rules.js';
import { digestWorkspaceConfig } from './digest-workspace-config.js';
import { layerConfig } from './layer-config.js';
import { CONFIG_FILE_NAME, loadConfigFile, loadToolgateConfig } from './load-toolgate-config.js';
import { resolveConfigModules } from './resolve-config-modules.js';
import type { ToolgateConfig } from './toolgate-config-schema.js';
import type { UserConfig } from './user-config-schema.js';
import {
  checkWorkspaceTrust,
  describeDistrust,
  trustCommandFor,
  type WorkspaceTrust,
} from './workspace-trust.js';

/** Options of {@link loadSessionConfig}. */
export interface LoadSessionConfigOptions {
  /** The workspace root (an existing directory). */
  readonly root: string;
  /** The user's config file (see `userConfigFile`). */
  readonly userFile: string;
  /** `--config FILE`: named by the person, so trusted; replaces the workspace's own file. */
  readonly configFile?: string;
}

/** The settings of a session and how far the workspace's own config is trusted. */
export interface SessionConfig {
  /** The user's file with the project's on top (tightening only, unless trusted). */
  readonly config: ToolgateConfig;
  /** Whether the workspace's own config files (`toolgate.config.json`, `.mcp.json`, `.toolgate/`) are trusted. */
  readonly trust: WorkspaceTrust;
  /** The workspace root's real path. */
  readonly realRoot: string;
  /** The permission rules of both files, each naming its file (a workspace's `allow` only once trusted). */
  readonly permissions: readonly PermissionRule[];
  /** Lines for stderr: what was ignored and the command that trusts the workspace. */
  readonly notices: readonly string[];
  /** The user's hooks, then the project's when it is trusted, each naming its file. */
  readonly hooks: HookSettings;
}

/** Reads the user's config file (always trusted); a missing file is an empty config. */
export async function loadUserConfig(file: string): Promise<UserConfig> {
  return loadConfigFile(file, async () => (await import('./user-config-schema.js')).USER_CONFIG_SCHEMA, {
    required: false,
  });
}

/**
 * Loads the user's config file and the project's (the workspace's `toolgate.config.json`, or
 * `--config`), and layers them: flags and environment are applied by the caller on top.
 */
export async function loadSessionConfig(options: LoadSessionConfigOptions): Promise<SessionConfig> {
  const user = await loadUserConfig(options.userFile);
  const realRoot = await realpath(options.root);
  const trust = checkWorkspaceTrust(user.trustedWorkspaces, realRoot, await digestWorkspaceConfig(realRoot));
  const { trustedWorkspaces: _trusted, ...userSettings } = user;
  const projectFile = options.configFile ?? join(options.root, CONFIG_FILE_NAME);
  const project = await loadToolgateConfig(projectFile, { required: options.configFile !== undefined });
  const trusted = options.configFile !== undefined || trust.state === 'trusted';
  // Module paths resolve from the file that names them; an untrusted project's are never looked at.
  const layered = layerConfig(
    await resolveConfigModules(userSettings, options.userFile),
    trusted ? await resolveConfigModules(project, projectFile) : project,
    trusted,
  );
  const permissions = layerPermissionRules(
    { permissions: userSettings.permissions, file: options.userFile },
    { permissions: project.permissions, file: projectFile },
    trusted,
  );
  const ignored = [...layered.ignored, ...permissions.ignored];
  // The user's config directory holds the trust records: no tool may write it, even when a trusted
  // workspace lets the tools leave the workspace.
  const config = {
    ...layered.config,
    workspace: {
      ...layered.config.workspace,
      protectedPaths: [...(layered.config.workspace?.protectedPaths ?? []), dirname(options.userFile)],
    },
  };
  const notices =
    ignored.length === 0
      ? []
      : [
          `toolgate: ignored ${ignored.join(', ')} from ${projectFile}: ${describeDistrust(trust)}, so its config may only tighten the rules. To trust it: ${trustCommandFor(realRoot)}`,
        ];
  const hooks = hookSettingsOfConfig([
    { config: userSettings, source: options.userFile },
    ...(trusted ? [{ config: project, source: projectFile }] : []),
  ]);
  return { config, trust, realRoot, permissions: permissions.rules, notices, hooks };
}
