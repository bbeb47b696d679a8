import { z } from 'zod';
import { TELEMETRY_CONFIG_SCHEMA } from '../telemetry/telemetry-config-schema.js';
import { PERMISSIONS_SCHEMA, TOOLGATE_CONFIG_SCHEMA } from './toolgate-config-schema.js';

/** One workspace the person trusted: its real path and the digests of its config files then. */
export const TRUSTED_WORKSPACE_SCHEMA = z.strictObject({
  /** The workspace root's real path (symlinks resolved). */
  path: z.string().min(1),
  /** `sha256:<hex>` of each config file, by path relative to the root (`toolgate.config.json`, `.mcp.json`, `.toolgate/…`). */
  files: z.record(z.string(), z.string()),
  /** When it was trusted (ISO 8601). */
  trustedAt: z.string(),
});

/**
 * What the person set for one workspace in their own file (an "always for this project" answer
 * lands here): out of the workspace's reach, so the model cannot write itself permissions.
 */
export const USER_PROJECT_SCHEMA = z.strictObject({
  /** Rules for that workspace only, layered with the user's own (same syntax, same precedence). */
  permissions: PERMISSIONS_SCHEMA.optional(),
});

/**
 * The user's config file (`$XDG_CONFIG_HOME/toolgate/config.json`): the same settings as a
 * workspace's `toolgate.config.json`, always trusted, plus the workspaces the person trusted and
 * per-workspace settings keyed by the workspace root's real path.
 */
export const USER_CONFIG_SCHEMA = TOOLGATE_CONFIG_SCHEMA.extend({
  trustedWorkspaces: z.array(TRUSTED_WORKSPACE_SCHEMA).optional(),
  /** Where OpenTelemetry traces go; only the user's file and the managed settings may say. */
  telemetry: TELEMETRY_CONFIG_SCHEMA.optional(),
  projects: z.record(z.string().min(1), USER_PROJECT_SCHEMA).optional(),
});

/** A validated user config file. */
export type UserConfig = z.output<typeof USER_CONFIG_SCHEMA>;

/** One entry of `trustedWorkspaces`. */
export type TrustedWorkspace = z.output<typeof TRUSTED_WORKSPACE_SCHEMA>;

/** The `telemetry` of the user's config or the managed settings. */
export type TelemetryConfig = z.output<typeof TELEMETRY_CONFIG_SCHEMA>;
