import {
  type Agent,
  type AgentApproval,
  type AgentModel,
  createAgent,
  type DelegateDefinition,
} from '@toolgate/agent';
import { type ApprovalRules, composeDecorators, type ToolDecorator } from '@toolgate/core';
import type { McpServersConfig } from '@toolgate/mcp';
import { formatAgentsMdPrompt, loadAgentsMd } from '@toolgate/tools-agents-md';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { createAgentToolsFactory } from './create-agent-tools-factory.js';
import type { SessionToolSet } from './create-session-tools.js';

/** Options of {@link createSessionAgent}: what a host adds to the session settings. */
export interface SessionAgentOptions {
  /** The model (see `selectModel`). */
  readonly model: AgentModel;
  /** The approval mode (a getter lets a host switch it between turns) and the host's approver. */
  readonly approval: AgentApproval;
  /** Model requests per turn. @default the agent's */
  readonly maxSteps?: number;
  /** The model's context window in tokens (compaction). @default unknown */
  readonly contextWindow?: number | undefined;
  /** Receives one-line notices, such as bash running unsandboxed because bubblewrap cannot run. */
  readonly notice: (line: string) => void;
  /** MCP servers the host was given directly, next to the settings' file (see `createSessionTools`). @default none */
  readonly mcpServers?: McpServersConfig;
  /** Receives what stdio MCP servers write to stderr. @default discarded */
  readonly mcpStderr?: (server: string, chunk: string) => void;
  /** Decorators between preflight and approval (the hooks; see `openCallOversight`). @default [] */
  readonly before?: readonly ToolDecorator[];
  /** Decorators between approval and the tool. @default [] */
  readonly after?: readonly ToolDecorator[];
  /** Called with each session's tools once built (their workspace, MCP side); not for delegates' children. @default nothing */
  readonly onTools?: (tools: SessionToolSet) => void;
  /** Agents the model may delegate to (see `resolveAgentDefinitions`). @default none */
  readonly delegates?: readonly DelegateDefinition[];
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
      sandbox: { ...settings.sandbox, notice: options.notice },
      ...(settings.hiddenTools ? { hiddenTools: settings.hiddenTools } : {}),
      ...(settings.checkRuleTools ? { checkToolNames: settings.checkRuleTools } : {}),
      readPolicy: settings.readPolicy,
      unreachablePaths: settings.unreachablePaths,
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
    // Read once per session, after its tools (and so its workspace) exist.
    agentsMd: async () => {
      if (!tools) return undefined;
      const loaded = await loadAgentsMd(tools.workspace);
      return loaded ? formatAgentsMdPrompt(loaded) : undefined;
    },
    limits: {
      ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }),
      ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
      ...(settings.config.limits?.maxToolCallsPerStep === undefined
        ? {}
        : { maxToolCallsPerStep: settings.config.limits.maxToolCallsPerStep }),
    },
    ...(options.delegates && options.delegates.length > 0
      ? { delegates: { definitions: options.delegates } }
      : {}),
  });
}
