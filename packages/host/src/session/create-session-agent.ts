import {
  type Agent,
  type AgentApproval,
  type AgentLimits,
  type AgentModel,
  createAgent,
  type DelegateDefinition,
} from '@toolgate/agent';
import {
  type ApprovalMode,
  type ApprovalRules,
  type ClientFiles,
  type ClientTerminals,
  composeDecorators,
  type ToolDecorator,
} from '@toolgate/core';
import type { McpElicitor, McpServersConfig } from '@toolgate/mcp';
import { formatAgentsMdPrompt, loadAgentsMd } from '@toolgate/tools-agents-md';
import type { AuditedEvent } from '../audit/create-audit-log.js';
import { networkRefusalAuditor } from '../audit/network-refusal-auditor.js';
import { managedMcpRefusal } from '../config/managed-limits.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import type { ToolgateConfig } from '../config/toolgate-config-schema.js';
import type { SessionSpill } from '../spill/session-spill.js';
import { createAgentToolsFactory } from './create-agent-tools-factory.js';
import type { SessionToolSet } from './create-session-tools.js';

/** Options of {@link createSessionAgent}: what a host adds to the session settings. */
export interface SessionAgentOptions {
  /** The model (see `selectModel`). */
  readonly model: AgentModel;
  /** The approval mode (a getter lets a host switch it between turns) and the host's approver. */
  readonly approval: AgentApproval;
  /** Switches out of plan mode once the person approved the plan (see `HostSessionOptions.leavePlanMode`). */
  readonly leavePlanMode?: () => ApprovalMode;
  /** Model requests per turn. @default the agent's */
  readonly maxSteps?: number;
  /** The model's context window in tokens (compaction), read at every turn: a switched model's. @default unknown */
  readonly contextWindow?: () => number | undefined;
  /** Awaited before the agent compacts the session's history on its own (the preCompact hooks, trigger `auto`). @default nothing */
  readonly beforeCompaction?: () => Promise<void>;
  /** Receives one-line notices, such as bash running unsandboxed because bubblewrap cannot run. */
  readonly notice: (line: string) => void;
  /** Hears the session's own events outside turns (a refused network connection), for the audit log. @default none */
  readonly onEvent?: (event: AuditedEvent) => void;
  /** MCP servers the host was given directly, next to the settings' file (see `createSessionTools`). @default none */
  readonly mcpServers?: McpServersConfig;
  /** Receives what stdio MCP servers write to stderr. @default discarded */
  readonly mcpStderr?: (server: string, chunk: string) => void;
  /** Shows an MCP server's form to the person during a call (the host's approver UI). @default servers are told nobody can answer */
  readonly mcpElicit?: McpElicitor;
  /** Decorators between preflight and approval (the hooks; see `openCallOversight`). @default [] */
  readonly before?: readonly ToolDecorator[];
  /** Decorators between approval and the tool. @default [] */
  readonly after?: readonly ToolDecorator[];
  /** Extra instructions at the end of the system prompt (what sessionStart hooks added). @default none */
  readonly instructions?: string;
  /** Called with each session's tools once built (their workspace, MCP side); not for delegates' children. @default nothing */
  readonly onTools?: (tools: SessionToolSet) => void;
  /** Agents the model may delegate to (see `resolveAgentDefinitions`). @default none */
  readonly delegates?: readonly DelegateDefinition[];
  /** A client's files, for every session's tools that declare `clientFiles` (delegates' too). @default the disk */
  readonly clientFiles?: ClientFiles;
  /** A client's terminals, for every session's tools that declare `clientTerminals`. @default none */
  readonly clientTerminals?: ClientTerminals;
  /** Shows a running call's output so far (every session's tools, delegates' too). @default none */
  readonly onToolOutput?: (callId: string, text: string) => void;
  /** Where outputs over a tool's cap are kept whole, for the session and its delegates (`openSessionSpill`). @default none: cut */
  readonly spill?: SessionSpill;
}

/** The limits with `contextWindow` read from `window` whenever the agent reads it (a turn, `usage()`). */
function withContextWindow(limits: AgentLimits, window: (() => number | undefined) | undefined): AgentLimits {
  if (window === undefined) return limits;
  return Object.defineProperty({ ...limits }, 'contextWindow', { enumerable: true, get: window });
}

/** The agent's limits from the config's (`maxTurnSeconds` in milliseconds) and the host's step limit. */
function agentLimitsOf(limits: ToolgateConfig['limits'], maxSteps: number | undefined): AgentLimits {
  const { maxToolCallsPerStep, maxToolCallsPerTurn, maxSessionTokens, maxTurnSeconds } = limits ?? {};
  return {
    ...(maxSteps === undefined ? {} : { maxSteps }),
    ...(maxToolCallsPerStep === undefined ? {} : { maxToolCallsPerStep }),
    ...(maxToolCallsPerTurn === undefined ? {} : { maxToolCallsPerTurn }),
    ...(maxSessionTokens === undefined ? {} : { maxSessionTokens }),
    ...(maxTurnSeconds === undefined ? {} : { maxTurnMs: maxTurnSeconds * 1000 }),
  };
}

/** The host's approval with the settings' permission rules; the mode stays a live read (a getter). */
function withSettingsRules(approval: AgentApproval, rules: ApprovalRules | undefined): AgentApproval {
  if (!rules) return approval;
  return {
    get mode() {
      return approval.mode;
    },
    ...(approval.approver ? { approver: approval.approver } : {}),
    rules,
  };
}

/**
 * The agent both hosts run: each session gets its own built-in and MCP tools from the settings
 * (workspace, config, MCP file, sandbox), the host's approval, and AGENTS.md in the system prompt;
 * each delegate's child its own built-in tools ({@link createAgentToolsFactory}).
 */
export function createSessionAgent(settings: SessionSettings, options: SessionAgentOptions): Agent {
  let tools: SessionToolSet | undefined;
  return createAgent({
    model: options.model,
    tools: createAgentToolsFactory({
      root: settings.root,
      config: settings.config,
      ...(settings.mcpConfigFile ? { mcpConfigFile: settings.mcpConfigFile } : {}),
      ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}),
      ...(options.mcpStderr ? { mcpStderr: options.mcpStderr } : {}),
      ...(options.mcpElicit ? { mcpElicit: options.mcpElicit } : {}),
      ...(options.clientFiles ? { clientFiles: options.clientFiles } : {}),
      ...(options.clientTerminals ? { clientTerminals: options.clientTerminals } : {}),
      ...(options.onToolOutput ? { onToolOutput: options.onToolOutput } : {}),
      refuseMcpServer: (name, server) => managedMcpRefusal(settings.managed, name, server),
      sandbox: {
        ...settings.sandbox,
        notice: options.notice,
        ...(options.onEvent ? { onNetworkRefusal: networkRefusalAuditor(options.onEvent) } : {}),
      },
      ...(settings.hiddenTools ? { hiddenTools: settings.hiddenTools } : {}),
      ...(settings.checkRuleTools ? { checkToolNames: settings.checkRuleTools } : {}),
      readPolicy: settings.readPolicy,
      unreachablePaths: settings.unreachablePaths,
      ...(options.spill ? { spill: options.spill } : {}),
      onOpen: (set, context) => {
        if (context.delegate) return;
        tools = set;
        options.onTools?.(set);
      },
    }),
    approval: withSettingsRules(options.approval, settings.rules),
    ...(options.before && options.before.length > 0 ? { before: options.before } : {}),
    after: [
      ...(options.after ?? []),
      // The session's tool modules' decorators, known once its tools are built.
      (invocation, next) => composeDecorators(tools?.decorators ?? [], () => next())(invocation),
    ],
    workspaceRoot: settings.root,
    ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    // Read once per session, after its tools (and so its workspace) exist.
    agentsMd: async () => {
      if (!tools) return undefined;
      const loaded = await loadAgentsMd(tools.workspace);
      return loaded ? formatAgentsMdPrompt(loaded) : undefined;
    },
    limits: withContextWindow(agentLimitsOf(settings.config.limits, options.maxSteps), options.contextWindow),
    // The model keeps its plan where the person sees it (the CLI under the turn, ACP `plan` updates).
    planTool: true,
    ...(options.leavePlanMode ? { leavePlanMode: options.leavePlanMode } : {}),
    ...(options.beforeCompaction ? { beforeCompaction: options.beforeCompaction } : {}),
    ...(options.delegates && options.delegates.length > 0
      ? { delegates: { definitions: options.delegates } }
      : {}),
  });
}
