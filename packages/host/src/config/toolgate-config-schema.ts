import { parsePermissionRules } from '@toolgate/rules';
import { SANDBOX_MODES } from '@toolgate/sandbox-bwrap';
import { z } from 'zod';
import { AGENT_DEFINITION_SCHEMA } from '../agents/agent-definition-schema.js';

const positiveInteger = z.number().int().positive();
const pathList = z.array(z.string().min(1));
const ruleList = z.array(z.string().min(1));

/** `permissions`: allow / ask / deny lists of `tool` or `tool(specifier)`; each entry must read as a rule. */
const PERMISSIONS_SCHEMA = z
  .strictObject({ allow: ruleList.optional(), ask: ruleList.optional(), deny: ruleList.optional() })
  .superRefine((lists, context) => {
    for (const list of ['allow', 'ask', 'deny'] as const) {
      for (const [index, entry] of (lists[list] ?? []).entries()) {
        const [issue] = parsePermissionRules({ [list]: [entry] }, '').issues;
        if (issue) context.addIssue({ code: 'custom', path: [list, index], message: issue.message });
      }
    }
  });

/** One hook: a shell command for the calls whose tool name the matcher matches. */
const hookEntry = z.strictObject({
  /** Tool names (`bash`, `mcp__github__*`), several joined by `|`; empty or `*` is every tool. */
  matcher: z.string().optional(),
  /** Run with `sh -c` in the workspace root; the call arrives as JSON on stdin. */
  command: z.string().min(1),
  /** Seconds before the hook is killed and the call blocked. @default 10 */
  timeout: z.number().positive().max(600).optional(),
});

/** `toolgate.config.json`: every key optional, unknown keys refused. */
export const TOOLGATE_CONFIG_SCHEMA = z.strictObject({
  /** Editors' schema hint; ignored. */
  $schema: z.string().optional(),
  /** `provider:model` when neither the host's flag nor `TOOLGATE_MODEL` is set. */
  model: z.string().min(1).optional(),
  /** The provider's base URL (required for `openai-compatible`) when neither the flag nor `TOOLGATE_BASE_URL` is set. */
  baseURL: z.string().min(1).optional(),
  /** Approval mode when neither `--approval` nor `TOOLGATE_APPROVAL` is set. */
  approval: z.enum(['manual', 'safe', 'auto']).optional(),
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
  /** Commands run before and after tool calls (Claude Code's protocol); a workspace's run only once it is trusted. */
  hooks: z
    .strictObject({
      preToolUse: z.array(hookEntry).optional(),
      postToolUse: z.array(hookEntry).optional(),
    })
    .optional(),
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
    })
    .optional(),
  /** Bounds of the agent's turns. An untrusted workspace's file may only lower them. */
  limits: z
    .strictObject({
      /** Tool calls of one model step that run; the rest are answered not run. @default 64 */
      maxToolCallsPerStep: positiveInteger.optional(),
      /** The model's context window in tokens, for compaction. @default known for the built-in providers' models, else 128000 */
      contextWindow: positiveInteger.optional(),
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
