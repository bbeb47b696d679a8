import type { ToolProvider } from '@toolgate/core';
import { resolveAgentDefinitions } from '../agents/resolve-agent-definitions.js';
import type { SessionSettings } from '../config/resolve-session-settings.js';
import { selectModel } from '../model/select-model.js';
import { createLastingAlways } from '../permissions/create-lasting-always.js';
import { auditedTurn } from './audited-turn.js';
import { createSessionAgent } from './create-session-agent.js';
import type { SessionToolSet } from './create-session-tools.js';
import type { AgentHostSession, HostPurpose, HostSessionOptions } from './host-session.js';
import { openSessionOversight } from './session-oversight.js';
import { openWithResources } from './session-resources.js';

const NO_TOOLS: ToolProvider = { list: () => [], get: () => undefined };

/** The front door's `agent` purpose (see `openHostSession`): loaded only when a host runs an agent. */
export async function openAgentHostSession(
  settings: SessionSettings,
  options: HostSessionOptions<Extract<HostPurpose, { readonly kind: 'agent' }>>,
): Promise<AgentHostSession> {
  const { purpose, env, notice } = options;
  const mode = options.mode ?? (() => settings.mode);
  // Throws ModelConfigError when no usable model is configured.
  const { model } = await selectModel({
    model: purpose.model,
    baseURL: purpose.baseURL,
    env,
    config: settings.config,
  });
  const delegates = await resolveAgentDefinitions({
    agents: settings.config.agents,
    files: settings.agentFiles,
    env,
    baseURL: purpose.baseURL,
    config: settings.config,
  });
  const lasting = createLastingAlways(settings, options.approver, notice);
  return openWithResources(async (resources) => {
    const oversight = await openSessionOversight(settings, resources, {
      answeredBy: options.answeredBy,
      notice,
      ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    });
    let top: SessionToolSet | undefined;
    const agent = createSessionAgent(
      { ...settings, rules: lasting.rules },
      {
        model,
        delegates,
        notice,
        ...(oversight ? { before: oversight.before } : {}),
        ...(options.after ? { after: options.after } : {}),
        ...(purpose.maxSteps === undefined ? {} : { maxSteps: purpose.maxSteps }),
        ...(options.leavePlanMode ? { leavePlanMode: options.leavePlanMode } : {}),
        ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}),
        ...(options.mcpStderr ? { mcpStderr: options.mcpStderr } : {}),
        approval: {
          get mode() {
            return mode();
          },
          ...(lasting.approver ? { approver: lasting.approver } : {}),
        },
        onTools: (tools) => {
          top = tools;
        },
      },
    );
    const session = await agent.createSession();
    resources.defer(() => session.close());
    return {
      settings,
      get tools() {
        return top?.provider ?? NO_TOOLS;
      },
      prompt: (input, promptOptions) => {
        const turn = session.prompt(input, promptOptions);
        return oversight ? auditedTurn(turn, oversight.onEvent) : turn;
      },
      history: () => session.history(),
      clear: () => session.clear(),
      permissions: lasting.permissions,
      mcpStatus: () => top?.mcp?.statusLines() ?? [],
      mcpReady: top?.mcp?.ready ?? Promise.resolve(),
      close: async () => {
        await resources.close();
        return { stoppedProcesses: 0 };
      },
    };
  });
}
