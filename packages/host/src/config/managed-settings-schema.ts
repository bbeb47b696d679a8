import { SANDBOX_MODES } from '@toolgate/sandbox-bwrap';
import { z } from 'zod';
import { HOOK_EVENTS, type HookEvent } from '../hooks/hook-events.js';
import { HOOK_ENTRY_SCHEMA } from '../hooks/hooks-config-schema.js';
import { TELEMETRY_CONFIG_SCHEMA } from '../telemetry/telemetry-config-schema.js';
import { LIMITS_SCHEMA, PERMISSIONS_SCHEMA } from './toolgate-config-schema.js';

/** One MCP server a managed allowlist admits: its name, and its command (stdio) or URL (remote). */
const MCP_ALLOW_ENTRY = z
  .strictObject({
    /** The server's name in `.mcp.json` (or a client's list). */
    name: z.string().min(1),
    /** A stdio server's command, exactly as configured. */
    command: z.string().min(1).optional(),
    /** A remote server's URL, exactly as configured. */
    url: z.string().min(1).optional(),
  })
  .refine((entry) => (entry.command === undefined) !== (entry.url === undefined), {
    message: 'give either "command" (a stdio server) or "url" (a remote one)',
  });

/**
 * A managed settings file (`/etc/toolgate/managed.json`, and the file `TOOLGATE_MANAGED_SETTINGS`
 * names): what an organisation sets and locks for every session on the machine. Every key is a
 * restriction users and workspaces cannot lift; unknown keys are refused.
 */
export const MANAGED_SETTINGS_SCHEMA = z.strictObject({
  /** Editors' schema hint; ignored. */
  $schema: z.string().optional(),
  approval: z
    .strictObject({
      /** The least strict approval mode a session may run in; a looser one asked for runs in this one. */
      leastStrict: z.enum(['manual', 'safe', 'auto']).optional(),
    })
    .optional(),
  /** Rules that always apply (deny and ask beat every allow); `allowManagedRulesOnly` drops the user's and the workspace's allows. */
  permissions: z
    .strictObject({
      allow: z.array(z.string().min(1)).optional(),
      ask: z.array(z.string().min(1)).optional(),
      deny: z.array(z.string().min(1)).optional(),
      allowManagedRulesOnly: z.boolean().optional(),
    })
    .superRefine((lists, context) => {
      const { allowManagedRulesOnly: _only, ...rules } = lists;
      const checked = PERMISSIONS_SCHEMA.safeParse(rules);
      if (!checked.success) for (const issue of checked.error.issues) context.addIssue({ ...issue } as never);
    })
    .optional(),
  sandbox: z
    .strictObject({
      /** Refuse to start when no sandbox can be created. */
      required: z.boolean().optional(),
      /** The least confined sandbox mode a session may use; a looser one asked for is refused. */
      leastStrict: z.enum(SANDBOX_MODES).optional(),
      /** `false`: sandboxed commands never get the network, whatever the user's config says. */
      network: z.literal(false).optional(),
    })
    .optional(),
  /** Hooks that run in every session, before anyone else's; `allowManagedHooksOnly` runs only these. */
  hooks: z
    .strictObject({
      ...(Object.fromEntries(
        HOOK_EVENTS.map((event) => [event, z.array(HOOK_ENTRY_SCHEMA).optional()]),
      ) as Record<HookEvent, z.ZodOptional<z.ZodArray<typeof HOOK_ENTRY_SCHEMA>>>),
      allowManagedHooksOnly: z.boolean().optional(),
    })
    .optional(),
  mcp: z
    .strictObject({
      /** The only MCP servers that may start, by name and command or URL; any other is refused. */
      allowedServers: z.array(MCP_ALLOW_ENTRY).optional(),
    })
    .optional(),
  tools: z
    .strictObject({
      /** The only tool modules (as configured: a package name or a path) a session may load. */
      allowedModules: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  /** Ceilings of the sessions' limits and budgets: a config may set a lower value, never a higher one. */
  limits: LIMITS_SCHEMA.optional(),
  /** Where every session's OpenTelemetry traces go (the user's `telemetry` gives way to it). */
  telemetry: TELEMETRY_CONFIG_SCHEMA.optional(),
  /** An audit log (absolute path) every session writes, whatever else the user configures. */
  audit: z
    .string()
    .min(1)
    .refine((path) => path.startsWith('/'), 'an absolute path')
    .optional(),
});

/** A validated managed settings file. */
export type ManagedSettingsFile = z.output<typeof MANAGED_SETTINGS_SCHEMA>;
