import { describeApprovalModeNames, parseApprovalMode } from '@toolgate/core';
import { parsePermissionRules } from '@toolgate/rules';
import { SANDBOX_MODES } from '@toolgate/sandbox-bwrap';
import { z } from 'zod';
import { AGENT_DEFINITION_SCHEMA } from '../agents/agent-definition-schema.js';
import { HOOKS_CONFIG_SCHEMA } from '../hooks/hooks-config-schema.js';

const positiveInteger = z.number().int().positive();
const pathList = z.array(z.string().min(1));
const ruleList = z.array(z.string().min(1));

/** `limits`: each a bound a session is held to; the managed settings' are ceilings. */
export const LIMITS_SCHEMA = z.strictObject({
  /** Tool calls of one model step that run; the rest are answered not run. @default 64 */
  maxToolCallsPerStep: positiveInteger.optional(),
  /** Tool calls of one turn that run; then the turn ends `budget_exhausted`. @default no bound */
  maxToolCallsPerTurn: positiveInteger.optional(),
  /** Calls of one tool in any minute; a call over it is `failure{rate_limited}`. @default no bound */
  maxCallsPerToolPerMinute: positiveInteger.optional(),
  /** Model tokens of a session, its delegates included; then turns end `budget_exhausted`. @default no bound */
  maxSessionTokens: positiveInteger.optional(),
  /** Seconds one turn may take; then what runs is stopped and the turn ends `budget_exhausted`. @default no bound */
  maxTurnSeconds: positiveInteger.optional(),
  /** Bytes one session's spilled outputs (an output over its tool's cap, kept whole in a file) may hold. @default 268435456 */
  spillBytesPerSession: positiveInteger.optional(),
  /** The model's context window in tokens, for compaction. @default known for the built-in providers' models, else 128000 */
  contextWindow: positiveInteger.optional(),
});

/** A mode's name or one of Claude Code's (`acceptEdits`, `dontAsk`, `bypassPermissions`), read as the mode. */
const approvalMode = z.string().transform((value, context) => {
  const mode = parseApprovalMode(value);
  if (mode === undefined)
    context.addIssue({ code: 'custom', message: `one of ${describeApprovalModeNames()}` });
  return mode ?? z.NEVER;
});

/** `permissions`: allow / ask / deny lists of `tool` or `tool(specifier)`; each entry must read as a rule. */
export const PERMISSIONS_SCHEMA = z
  .strictObject({ allow: ruleList.optional(), ask: ruleList.optional(), deny: ruleList.optional() })
  .superRefine((lists, context) => {
    for (const list of ['allow', 'ask', 'deny'] as const) {
      for (const [index, entry] of (lists[list] ?? []).entries()) {
        const [issue] = parsePermissionRules({ [list]: [entry] }, '').issues;
        if (issue) context.addIssue({ code: 'custom', path: [list, index], message: issue.message });
      }
    }
  });

/** `toolgate.config.json`: every key optional, unknown keys refused. */
export const TOOLGATE_CONFIG_SCHEMA = z.strictObject({
  /** Editors' schema hint; ignored. */
  $schema: z.string().optional(),
  /** `provider:model` when neither the host's flag nor `TOOLGATE_MODEL` is set. */
  model: z.string().min(1).optional(),
  /** The provider's base URL (required for `openai-compatible`) when neither the flag nor `TOOLGATE_BASE_URL` is set. */
  baseURL: z.string().min(1).optional(),
  /**
   * Approval mode when neither `--approval` nor `TOOLGATE_APPROVAL` is set. An untrusted
   * workspace's file may only choose a mode at least as strict as the user's on every call.
   */
  approval: approvalMode.optional(),
  /**
   * Permission rules (`bash(npm run test:*)`, `read_file(.env*)`, `mcp__github__*`): deny beats
   * ask beats allow, before remembered answers and the mode. A workspace's `allow` applies only
   * once the workspace is trusted.
   */
  permissions: PERMISSIONS_SCHEMA.optional(),
  workspace: z
    .strictObject({
      /** Extra directories that may be read but not written, relative to the workspace root. */
      readRoots: pathList.optional(),
      /** More protected paths (never written), added to `.git`, `node_modules`, `.ssh`, `.aws`, `.gnupg`. */
      protectedPaths: pathList.optional(),
      /** Segment names glob and grep skip while walking. */
      excludedPaths: pathList.optional(),
      /** Let reads and writes leave the workspace. */
      allowOutsideWorkspace: z.boolean().optional(),
    })
    .optional(),
  /**
   * File name patterns of secrets (`*`; `!` for an exception), replacing the default list
   * (`.env`, `.env.*` but not `.env.example`, `*.pem`, `*.key`, `id_rsa*`, …); `[]` turns the
   * protection off. An untrusted workspace's file may only add patterns.
   */
  secrets: z
    .array(
      z
        .string()
        .min(1)
        .refine((pattern) => !pattern.includes('/'), 'a file name pattern without "/"'),
    )
    .optional(),
  /** Commands run at the session's events (Claude Code's protocol and names); a workspace's run only once it is trusted. */
  hooks: HOOKS_CONFIG_SCHEMA.optional(),
  /** A file that gets one JSON line per decided call (absolute, or relative to the workspace root). */
  audit: z.string().min(1).optional(),
  /** Where bash runs: the sandbox mode, its network, and whether running without one is refused. */
  sandbox: z
    .strictObject({
      /** When `--sandbox` is not given. @default workspace-write when bubblewrap works here, else danger-full-access */
      mode: z.enum(SANDBOX_MODES).optional(),
      /** Let sandboxed commands use the network. @default false */
      network: z.boolean().optional(),
      /** Refuse to start when no sandbox can be created (fail closed). @default false */
      required: z.boolean().optional(),
      /** Which sandbox confines bash: bubblewrap on this machine, or a container on an engine. @default bwrap */
      provider: z.enum(['bwrap', 'container']).optional(),
      /** The container's image, present in the engine (never pulled). Required for `container`. */
      image: z.string().min(1).optional(),
      /** The engine, as `DOCKER_HOST` names one. @default `DOCKER_HOST`, else the default socket */
      engine: z.string().min(1).optional(),
      /** The container's limits. @default 2 CPUs, 2 GiB, 512 pids, 1 GiB /tmp */
      limits: z
        .strictObject({
          cpus: z.number().positive().optional(),
          memoryBytes: positiveInteger.optional(),
          pids: positiveInteger.optional(),
          tmpBytes: positiveInteger.optional(),
        })
        .optional(),
    })
    .optional(),
  /**
   * The network allowlist of the sandbox (bubblewrap or container): traffic leaves only through
   * toolgate's proxy, to the hosts named. Excludes `sandbox.network: true`.
   */
  network: z
    .strictObject({
      /** Host names, `*.domain` (subdomains) and IP addresses (the only way to let out a loopback or private one). */
      allow: z.array(z.string().min(1)),
      /** `read-only`: plain HTTP may only GET and HEAD. @default full */
      mode: z.enum(['full', 'read-only']).optional(),
    })
    .optional(),
  /** The session store's retention; read from the user's file only (a workspace's is ignored). */
  sessions: z
    .strictObject({
      /** The newest sessions kept. @default 100 */
      keep: positiveInteger.optional(),
      /** Sessions not written for this many days are removed. @default 30 */
      maxAgeDays: positiveInteger.optional(),
    })
    .optional(),
  /** Bounds and budgets of the agent's turns. An untrusted workspace's file may only lower them. */
  limits: LIMITS_SCHEMA.optional(),
  /** More agents the model may delegate to (`delegate_<name>`), besides explore, plan and general. */
  agents: z.array(AGENT_DEFINITION_SCHEMA).optional(),
  tools: z
    .strictObject({
      read_file: z.strictObject({ maxChars: positiveInteger.optional() }).optional(),
      bash: z
        .strictObject({
          timeoutMs: positiveInteger.optional(),
          maxOutputBytes: positiveInteger.optional(),
        })
        .optional(),
      search: z.strictObject({ engine: z.enum(['auto', 'ripgrep', 'node']).optional() }).optional(),
      /** Tool modules (package names or paths relative to the config file) whose tools join the session's. */
      modules: z.array(z.string().min(1)).optional(),
      /** Tools left out of the session (built-in or from a module). */
      disable: z.array(z.string().min(1)).optional(),
      /** Built-in tool name → the module whose tool of that name takes its place. */
      replace: z.record(z.string(), z.string().min(1)).optional(),
    })
    .optional(),
});

/** A validated `toolgate.config.json`. */
export type ToolgateConfig = z.output<typeof TOOLGATE_CONFIG_SCHEMA>;
